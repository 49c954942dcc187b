// The protocol surface, without a daemon: the generated constants against
// spec/protocol.json, the dispatch grammar's seed examples, the failure
// classes, provider names, module maps and the import lift.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import * as P from 'codemode-executor-client/protocol'
import * as root from 'codemode-executor-client'

const json = JSON.parse(readFileSync(process.env.CODEMODE_SPEC_JSON, 'utf8'))

test('every constant of protocol.json is exported with its value', () => {
  for (const c of json.constants) assert.deepEqual(P[c.name], c.value, c.name)
  assert.equal(P.PROTOCOL_VERSION, 1)
  assert.equal(P.DEFAULT_TIMEOUT, 60000)
  assert.equal(P.MAX_SUPPORTED_TIMEOUT, 2147483647)
  assert.equal(P.PAYLOAD_LIMIT, 8 * 1024 * 1024)
  assert.equal(P.CONSOLE_CAPTURE_LIMIT, 2 * 1024 * 1024)
  assert.equal(P.TIMEOUT_MESSAGE, 'Execution timed out')
  assert.equal(P.EXECUTION_COMPLETED_MESSAGE, 'Execution has already completed.')
  assert.match(P.CONSOLE_CAPTURE_MESSAGE, /2097152/)
})

test('the root re-exports the protocol surface', () => {
  for (const name of Object.keys(P)) assert.equal(root[name], P[name], name)
})

test('one class per declared failure, named as protocol.json names it', () => {
  for (const t of json.texts) {
    if (!t.class || ['ExecutorError', 'TypeError', 'Error'].includes(t.class)) continue
    const Cls = P[t.class]
    assert.equal(typeof Cls, 'function', t.class)
    assert.equal(Cls.name, t.class)
    const params = Object.fromEntries(t.params.map((p) => [p, `{${p}}`]))
    const e = new Cls(params)
    assert.equal(e.name, t.class)
    assert.ok(e instanceof Error)
    let want = t.template.replace(/\{\{([A-Z_]+)\}\}/g, (_, n) => String(P[n]))
    for (const p of t.params) want = want.split(`<${p}>`).join(`{${p}}`)
    assert.equal(e.message, want, t.name)
    if (t.code) assert.equal(e.code, t.code)
    if (t.name !== 'EXECUTION_TIMEOUT') assert.ok(Cls.matches(e.message))
  }
})

test('ExecutionTimeoutError composes the seed text and matches its first sentence', () => {
  assert.equal(new P.ExecutionTimeoutError({ timeout: 200 }).message,
    'Execution timed out at its 200 ms bound. Do less work per run and return the part that is already finished.')
  assert.ok(P.ExecutionTimeoutError.matches('Execution timed out at its 5 ms bound. Anything else'))
  assert.ok(!P.ExecutionTimeoutError.matches('Execution timed out'))
  assert.ok(!P.ExecutionTimeoutError.matches('The Execution timed out at its 5 ms bound.'))
})

test('HandlesClosedError reads as the seed pins it', () => {
  assert.equal(new P.HandlesClosedError({ executionId: 'e1' }).message,
    'Execution "e1" holds no handles: they were closed, expired at the idle bound, or never granted. Execute again with retainHandles to get a fresh executionId.')
})

test('ExecutorErrorCode lists the taxonomy', () => {
  assert.deepEqual(Object.keys(P.ExecutorErrorCode), json.error_codes.map((c) => c.code))
  assert.deepEqual(Object.keys(P.ExecutorErrorCode), ['QUEUE_OVERFLOW', 'WORKER_CRASHED', 'PROTOCOL_MISMATCH',
    'CONNECTION_REJECTED', 'CONNECTION_BROKEN', 'RESPONSE_TOO_LARGE', 'HANDLES_CLOSED', 'INTERNAL'])
})

test('rehydrateExecutorError rebuilds a typed error from its code and leaves others alone', () => {
  const wire = Object.assign(new Error('gone'), { code: 'HANDLES_CLOSED', executionId: 'x' })
  const e = P.rehydrateExecutorError(wire)
  assert.ok(e instanceof P.HandlesClosedError)
  assert.ok(e instanceof P.ExecutorError)
  assert.equal(e.message, 'gone')
  assert.equal(e.executionId, 'x')
  const q = P.rehydrateExecutorError(Object.assign(new Error('full'), { code: 'QUEUE_OVERFLOW' }))
  assert.ok(q instanceof P.QueueOverflowError)
  assert.equal(q.retryable, true)
  const w = P.rehydrateExecutorError(Object.assign(new Error('died'), { code: 'WORKER_CRASHED' }))
  assert.ok(w instanceof P.ExecutorError)
  assert.equal(w.code, 'WORKER_CRASHED')
  const plain = Object.assign(new Error('mine'), { code: 'ENOENT' })
  assert.equal(P.rehydrateExecutorError(plain), plain)
  assert.equal(P.rehydrateExecutorError('text'), 'text')
})

test('assertProtocolCompatible and assertOutboundFetch throw PROTOCOL_MISMATCH', () => {
  P.assertProtocolCompatible(1)
  assert.throws(() => P.assertProtocolCompatible(2), (e) => e.code === 'PROTOCOL_MISMATCH' && /speaks protocol version 1 and the other side speaks 2/.test(e.message))
  assert.throws(() => P.assertProtocolCompatible(1, 3), { code: 'PROTOCOL_MISMATCH' })
  P.assertOutboundFetch(async () => ({}))
  assert.throws(() => P.assertOutboundFetch(undefined), { code: 'PROTOCOL_MISMATCH' })
})

// executor-protocol.txt, "Dispatch grammar": every example.
test('seed: stringifyForDispatch examples', () => {
  assert.equal(P.stringifyForDispatch(['ada', 3]), '["ada",3]')
  assert.equal(P.stringifyForDispatch({ customer: 'ada' }), '{"customer":"ada"}')
  assert.equal(P.stringifyForDispatch({ result: new Uint8Array([1, 2, 3, 255]) }),
    '{"result":{"__executor_binary_v1__":"Uint8Array","data":"AQID/w=="}}')
  assert.equal(P.stringifyForDispatch({ result: new Uint16Array([1, 2]) }),
    '{"result":{"__executor_binary_v1__":"ArrayBufferView","data":"AQACAA=="}}')
  assert.equal(P.stringifyForDispatch(new Uint8Array([1]).buffer), '{"__executor_binary_v1__":"ArrayBuffer","data":"AQ=="}')
})

test('seed: createEnvelopeDispatch examples', async () => {
  const answering = P.createEnvelopeDispatch({ active: true }, async () => ({ id: 'o1', total: 42 }))
  assert.equal(await answering('store', 'listOrders', '["ada",3]'), '{"result":{"id":"o1","total":42}}')
  const throwing = P.createEnvelopeDispatch({ active: true }, async () => {
    throw new Error('No such customer.')
  })
  assert.equal(await throwing('store', 'listOrders', ''), '{"error":"No such customer."}')
  let called = false
  const settled = P.createEnvelopeDispatch({ active: false }, async () => {
    called = true
  })
  assert.equal(await settled('store', 'listOrders', ''), '{"error":"Execution has already completed."}')
  assert.equal(called, false)
})

test('seed: the NestJS shape, where every call after finally gets the completed envelope', async () => {
  const state = { active: true }
  const seen = []
  const dispatch = P.createEnvelopeDispatch(state, async (provider, tool, argsJson) => {
    seen.push([provider, tool, P.parseDispatchArguments(argsJson)])
    return 'ok'
  })
  try {
    assert.equal(await dispatch('crm', 'find', '["ada"]'), '{"result":"ok"}')
  } finally {
    state.active = false
  }
  assert.equal(await dispatch('crm', 'find', '["bob"]'), '{"error":"Execution has already completed."}')
  assert.deepEqual(seen, [['crm', 'find', ['ada']]])
})

test('parseDispatchArguments: empty is none, an array is the list, anything else one argument', () => {
  assert.deepEqual(P.parseDispatchArguments(''), [])
  assert.deepEqual(P.parseDispatchArguments('["ada",3]'), ['ada', 3])
  assert.deepEqual(P.parseDispatchArguments('{"customer":"ada"}'), [{ customer: 'ada' }])
  assert.deepEqual(P.parseDispatchArguments('7'), [7])
  assert.throws(() => P.parseDispatchArguments(' '))
})

test('parseForDispatch and decodeDispatchValue turn every tag into bytes', () => {
  const v = P.parseForDispatch('{"a":{"__executor_binary_v1__":"ArrayBufferView","data":"AQACAA=="}}')
  assert.ok(v.a instanceof Uint8Array)
  assert.deepEqual([...v.a], [1, 0, 2, 0])
  const d = P.decodeDispatchValue({ list: [{ __executor_binary_v1__: 'Uint8Array', data: 'AQID/w==' }], n: 1 })
  assert.deepEqual([...d.list[0]], [1, 2, 3, 255])
  assert.equal(d.n, 1)
  // A third member, an unknown kind or non-string data is ordinary data.
  const third = { __executor_binary_v1__: 'Uint8Array', data: 'AQ==', x: 1 }
  assert.deepEqual(P.decodeDispatchValue(third), third)
  assert.deepEqual(P.parseForDispatch('{"__executor_binary_v1__":"Blob","data":"AQ=="}'),
    { __executor_binary_v1__: 'Blob', data: 'AQ==' })
})

test('parseForDispatch without the reviver only where no envelope can be: a tag spelled with escapes still decodes', () => {
  // The key written \u-escaped, whole or one character of it.
  for (const key of ['\\u005f_executor_binary_v1__', '__executor_binary_v1\\u005f_',
    '\\u005f\\u005f\\u0065xecutor_binary_v1__']) {
    const v = P.parseForDispatch(`{"x":[{"${key}":"Uint8Array","data":"AQI="}]}`)
    assert.ok(v.x[0] instanceof Uint8Array, key)
    assert.deepEqual([...v.x[0]], [1, 2])
  }
  // Texts with neither the tag nor an escape parse as JSON.parse reads them.
  for (const text of ['42', '"s"', 'null', '{"a":0,"b":1}', '[1,{"__proto__":{"x":1}},"\\n"]',
    '{"__executor_binary_v2__":"Uint8Array","data":"AQ=="}', '{"data":"AQ==","kind":"Uint8Array"}'])
    assert.deepEqual(P.parseForDispatch(text), JSON.parse(text), text)
  assert.throws(() => P.parseForDispatch('{'), SyntaxError)
  assert.throws(() => P.parseForDispatch('{"\\u00'), SyntaxError)
})

test('stringifyForDispatch and the envelope dispatch: primitives and values with bytes alike', async () => {
  for (const v of [1, -0, 'ä', true, null, undefined, NaN])
    assert.equal(P.stringifyForDispatch(v), JSON.stringify(v))
  assert.throws(() => P.stringifyForDispatch(1n), TypeError)
  const respond = P.createEnvelopeDispatch({ active: true }, async (_p, _t, args) => JSON.parse(args))
  assert.equal(await respond('p', 't', '7'), '{"result":7}')
  assert.equal(await respond('p', 't', 'null'), '{"result":null}')
  assert.equal(await respond('p', 't', '"x"'), '{"result":"x"}')
  const big = P.createEnvelopeDispatch({ active: true }, async () => 1n)
  assert.match(await big('p', 't', ''), /^\{"error":"Do not know how to serialize a BigInt/)
  const bytes = P.createEnvelopeDispatch({ active: true }, async () => ({ b: new Uint8Array([1, 2]) }))
  assert.equal(await bytes('p', 't', ''), '{"result":{"b":{"__executor_binary_v1__":"Uint8Array","data":"AQI="}}}')
})

test('validateProviders: the four rules in order, then null', () => {
  assert.equal(P.validateProviders([{ name: 'store', tools: [] }, { name: 'crm', tools: [] }]), null)
  assert.equal(P.validateProviders([{ name: 'fetch-tool' }]), P.composeText('PROVIDER_NAME_PATTERN', { name: 'fetch-tool' }))
  assert.equal(P.validateProviders([{ name: '__dispatch' }]), new P.ProviderNameReservedError({ name: '__dispatch' }).message)
  assert.equal(P.validateProviders([{ name: 'class' }]), new P.ProviderNameReservedWordError({ name: 'class' }).message)
  assert.equal(P.validateProviders([{ name: 'a' }, { name: 'a' }]), new P.ProviderNameDuplicateError({ name: 'a' }).message)
  assert.equal(P.validateProviders([{ name: 'fetch' }, { name: 'Response' }, { name: 'async' }]), null)
  for (const n of ['__dispatch', '__stringifyForDispatch', '__parseForDispatch', '__BINARY_TAG', '__encodeBinaryValue',
    '__decodeBinaryValue', '__encodeBase64', '__decodeBase64']) assert.ok(P.RESERVED_PROVIDER_NAMES.has(n), n)
  assert.ok(P.JAVASCRIPT_RESERVED_WORDS.has('await'))
  assert.ok(!P.JAVASCRIPT_RESERVED_WORDS.has('async'))
  assert.ok(P.PROVIDER_NAME_PATTERN.test('$a_1') && !P.PROVIDER_NAME_PATTERN.test('1a'))
})

test('listModuleEntries: pairs in map order, names normalized, json rendered', () => {
  assert.deepEqual(P.listModuleEntries({
    './greeter.js': 'export const a = 1',
    'data.json': { json: { toString: 1 } },
    toString: { text: 'hi' },
    c: { cjs: 'module.exports = 1' },
    b: { data: new Uint8Array([1]) },
  }), [
    ['greeter', 'export const a = 1'],
    ['data.json', 'export default {"toString":1};'],
    ['toString', { text: 'hi' }],
    ['c', { cjs: 'module.exports = 1' }],
    ['b', { data: { __executor_binary_v1__: 'Uint8Array', data: 'AQ==' } }],
  ])
  assert.throws(() => P.listModuleEntries({ './a.js': 'x', a: 'y' }), (e) => e instanceof P.ModuleKeyCollisionError &&
    e.message === 'Module names "./a.js" and "a" both normalize to "a", so the map cannot tell them apart. Keep one of the two entries or rename the other.')
  // Every trailing extension goes, so a name normalized twice reads the same (spec/protocol.md §13).
  assert.equal(P.normalizeModuleName('./a.mjs.js'), 'a')
  assert.equal(P.normalizeModuleName(P.normalizeModuleName('a.js.js')), P.normalizeModuleName('a.js.js'))
  assert.equal(P.normalizeModuleName('.js.js'), '.js')
  assert.throws(() => P.listModuleEntries({ 'a.js.js': 'x', a: 'y' }), P.ModuleKeyCollisionError)
  assert.throws(() => P.listModuleEntries({ a: { js: 1 } }), P.UnsupportedModuleKindError)
  assert.throws(() => P.listModuleEntries({ a: { js: 'x', text: 'y' } }), P.UnsupportedModuleKindError)
  assert.equal(P.renderJsonModule({ a: [1, 'b'] }), 'export default {"a":[1,"b"]};')
})

test('separateImports: the lift of spec/protocol.md', () => {
  assert.deepEqual(P.separateImports("import { greet } from 'greeter'\nasync () => greet('ada')"),
    { imports: "import { greet } from 'greeter'", body: "async () => greet('ada')" })
  assert.deepEqual(P.separateImports("import { greet } from 'greeter'; const size = 3\nasync () => 1"),
    { imports: "import { greet } from 'greeter'; const size = 3", body: 'async () => 1' })
  assert.deepEqual(P.separateImports("import { greet } from 'greeter'; async () => greet('ada')"),
    { imports: "import { greet } from 'greeter'; async () => greet('ada')", body: '' })
  assert.deepEqual(P.separateImports('import {\n a,\n "b" as c\n} from "x"\r\n// note\nasync () => a'),
    { imports: 'import {\n a,\n "b" as c\n} from "x"', body: '// note\nasync () => a' })
  assert.deepEqual(P.separateImports('import a from "a"\n// between\nimport b from "b"\nasync () => a + b'),
    { imports: 'import a from "a"\n// between\nimport b from "b"', body: 'async () => a + b' })
  assert.deepEqual(P.separateImports('async () => import("x")'), { imports: '', body: 'async () => import("x")' })
  assert.deepEqual(P.separateImports('import.meta\nasync () => 1'), { imports: '', body: 'import.meta\nasync () => 1' })
  assert.deepEqual(P.separateImports('import { a'), { imports: 'import { a', body: '' })
})

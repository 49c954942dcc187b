// Every example of the two seed documents that runs through an executor,
// run through connect() against build/codemode-executord.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import { CodemodeExecutor, connect, createEnvelopeDispatch, parseDispatchArguments } from 'codemode-executor-client'
import { startDaemon } from './daemon.js'

let daemon
let executor

before(async () => {
  daemon = await startDaemon()
  executor = await connect(daemon.url, { websocket: WebSocket })
})

after(async () => {
  await executor?.dispose()
  await daemon?.close()
})

// executor-protocol.txt, "Entry contract": the three import-lift examples.
const modules = { greeter: `export const greet = (name) => 'hello ' + name` }

test('seed: an import line above the arrow', async () => {
  assert.deepEqual(await executor.execute({
    code: `import { greet } from 'greeter'
async () => greet('ada')`,
    modules,
  }), { result: 'hello ada', logs: [] })
})

test('seed: trailing code on the import line reaches module scope', async () => {
  assert.deepEqual(await executor.execute({
    code: `import { greet } from 'greeter'; const size = 3
async () => greet('ada').repeat(size).length`,
    modules,
  }), { result: 27, logs: [] })
})

test('seed: an arrow on the import line is lifted with it and the body is empty', async () => {
  // The seed's position is executor.js:63:1, its generated module's line;
  // ours names line 5 of our generated entry, the same place in it.
  assert.deepEqual(await executor.execute({
    code: `import { greet } from 'greeter'; async () => greet('ada')`,
    modules,
  }), { result: undefined, error: "Unexpected token ')' [executor.js:5:1]", logs: [] })
})

// executor-protocol.txt, "Providers and the sandbox scope".
test('seed: every call reaches the dispatch, declared or not', async () => {
  const seen = []
  assert.deepEqual(await executor.execute({
    code: `async () => {
    await store.listOrders()
    await store.deleteOrders()
    await __dispatch('crm', 'listOrders', '')

    return 'every call reached the dispatch'
  }`,
    providers: [{ name: 'store', tools: ['listOrders'] }],
    dispatch: async (provider, tool) => {
      seen.push([provider, tool])

      return JSON.stringify({ result: null })
    },
  }), { result: 'every call reached the dispatch', logs: [] })
  assert.deepEqual(seen, [['store', 'listOrders'], ['store', 'deleteOrders'], ['crm', 'listOrders']])
})

// executor-protocol.txt, "Declared absences".
test('seed: typeof on published absences', async () => {
  assert.deepEqual(await executor.execute({
    code: `async () => [typeof caches, typeof CompressionStream, typeof WebSocket]`,
    outbound: null,
  }), { result: ['object', 'function', 'undefined'], logs: [] })
})

// api-reference.txt, the protocol package's NestJS example.
test('seed: createEnvelopeDispatch with parseDispatchArguments, state cleared in finally', async () => {
  const PROVIDERS = [{ name: 'crm', tools: ['find'] }]
  const calls = []
  const callTool = async (provider, tool, args) => {
    calls.push([provider, tool, args])
    return { provider, tool, args }
  }
  const code = `async () => [await crm.find('ada'), await crm.find({ id: 7 })]`
  const state = { active: true }
  let dispatch
  let answer
  try {
    answer = await executor.execute({
      code,
      providers: PROVIDERS,
      outbound: null,
      dispatch: (dispatch = createEnvelopeDispatch(state, async (provider, tool, argsJson) =>
        callTool(provider, tool, parseDispatchArguments(argsJson)),
      )),
    })
  } finally {
    state.active = false
  }
  assert.deepEqual(answer, {
    result: [{ provider: 'crm', tool: 'find', args: ['ada'] }, { provider: 'crm', tool: 'find', args: [{ id: 7 }] }],
    logs: [],
  })
  assert.equal(await dispatch('crm', 'find', '["late"]'), '{"error":"Execution has already completed."}')
  assert.equal(calls.length, 2)
})

// api-reference.txt, the IsolateExecutor example, with the executor behind connect().
test('seed: store.listUsers with a dispatch, timeout and no network', async () => {
  const remote = await connect(daemon.url, { websocket: WebSocket, timeout: 10_000 })
  try {
    const dispatch = createEnvelopeDispatch({ active: true }, async (provider, tool) => {
      assert.deepEqual([provider, tool], ['store', 'listUsers'])
      return [{ id: 1 }, { id: 2 }, { id: 3 }]
    })
    const { result, error, logs } = await remote.execute({
      code: 'async () => { const users = await store.listUsers(); return users.length }',
      providers: [{ name: 'store', tools: ['listUsers'] }],
      dispatch,
      outbound: null,
    })
    assert.deepEqual({ result, error, logs }, { result: 3, error: undefined, logs: [] })
  } finally {
    await remote.dispose()
  }
})

// api-reference.txt, the Sandbox example's request, through connect().
test('seed: async () => 6 * 7 under a 30 s bound and no network', async () => {
  const answer = await executor.execute({ code: 'async () => 6 * 7', providers: [], timeout: 30_000, outbound: null })
  assert.deepEqual(answer, { result: 42, logs: [] })
})

// api-reference.txt, the package's one-line replacement of DynamicWorkerExecutor.
test('seed: new CodemodeExecutor(await connect(url))', async () => {
  const cm = new CodemodeExecutor(await connect(daemon.url, { websocket: WebSocket }))
  try {
    const out = await cm.execute('async () => { const r = await codemode.twice({ n: 21 }); return r }', [
      { name: 'codemode', fns: { twice: async ({ n }) => n * 2 } },
    ])
    assert.deepEqual(out, { result: 42, logs: [] })
  } finally {
    await cm.executor.dispose()
  }
})

// executor-protocol.txt, "Failure grammar" and "Timeouts": the texts as they arrive.
test('seed: a run past its bound reports the timeout text', async () => {
  const r = await executor.execute({ code: 'async () => { for (;;) {} }', timeout: 200 })
  assert.deepEqual(r, {
    result: undefined,
    error: 'Execution timed out at its 200 ms bound. Do less work per run and return the part that is already finished.',
    logs: [],
  })
})

test('seed: disabled outbound rejects fetch with the outbound text', async () => {
  const r = await executor.execute({
    code: "async () => { try { await fetch('https://example.test/') } catch (e) { return [e.name, e.message] } }",
    outbound: null,
  })
  assert.deepEqual(r.result, ['TypeError', 'Outbound fetch is disabled for this execution. Anything this run needs from outside has to arrive through a tool call.'])
})

test('seed: a missing module in a dynamic import rejects with the module text', async () => {
  const r = await executor.execute({
    code: "async () => { try { await import('nope') } catch (e) { return e.message } }",
    modules,
  })
  assert.equal(r.result, 'Module "nope" is not in the module map. Import one of the names it declares: "greeter".')
})

test('seed: a tool the dispatch does not serve reads Tool "<tool>" not found', async () => {
  const dispatch = createEnvelopeDispatch({ active: true }, async (provider, tool) => {
    throw new Error(`Tool "${tool}" not found`)
  })
  const r = await executor.execute({
    code: 'async () => { try { await store.nothing() } catch (e) { return e.message } }',
    providers: [{ name: 'store', tools: [] }],
    dispatch,
  })
  assert.equal(r.result, 'Tool "nothing" not found')
})

test('seed: a binary tool answer crosses as bytes', async () => {
  const dispatch = createEnvelopeDispatch({ active: true }, async () => new Uint8Array([1, 2, 3, 255]))
  const r = await executor.execute({
    code: 'async () => { const b = await store.bytes(); return [b instanceof Uint8Array, Array.from(b)] }',
    providers: [{ name: 'store', tools: ['bytes'] }],
    dispatch,
  })
  assert.deepEqual(r.result, [true, [1, 2, 3, 255]])
})

// executor-protocol.txt, "Execution handles": grant, invoke in order, close, HANDLES_CLOSED.
test('seed: retained handles through invokeHandle and closeHandles', async () => {
  const r = await executor.execute({
    code: 'async () => { let n = 0; return { fetch: () => new Response(String(++n)) } }',
    retainHandles: true,
    outbound: null,
  })
  assert.equal(typeof r.executionId, 'string')
  assert.deepEqual(r.handles, ['fetch'])
  assert.equal(r.result, undefined)
  const req = { method: 'GET', url: 'https://h.test/', headers: [], body: null }
  const a = await executor.invokeHandle(r.executionId, 'fetch', req)
  const b = await executor.invokeHandle(r.executionId, 'fetch', req)
  assert.equal(a.status, 200)
  assert.ok(a.body instanceof ArrayBuffer)
  assert.deepEqual([new TextDecoder().decode(a.body), new TextDecoder().decode(b.body)], ['1', '2'])
  await assert.rejects(executor.invokeHandle(r.executionId, 'other', req),
    (e) => e.message === `Execution "${r.executionId}" has no handle named "other". The granted handles are: "fetch".`)
  await executor.closeHandles(r.executionId)
  await assert.rejects(executor.invokeHandle(r.executionId, 'fetch', req), (e) => e.code === 'HANDLES_CLOSED' && e.name === 'HandlesClosedError')
  await assert.rejects(executor.closeHandles(r.executionId), { code: 'HANDLES_CLOSED' })
})

test('seed: a result that is not a fetch handler retains nothing', async () => {
  const r = await executor.execute({ code: 'async () => 1', retainHandles: true })
  assert.deepEqual(r, { result: 1, logs: [] })
})

// CodemodeExecutor and the dialect rules, checked against the real
// @cloudflare/codemode 0.5.6 (loaded on Node through the register hook),
// and its own host-side flow, createCodeTool with a scripted model, on our
// executor behind connect().
import 'codemode-executor-client/register'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import {
  CONNECTOR_CONTROL_KEY,
  CodemodeExecutor,
  LATE_CALL_MESSAGE,
  PAUSE_SENTINEL,
  parseForDispatch,
  connect,
  detectSanitizeCollision,
  formatSanitizeCollision,
  normalizeCode,
  planExecution,
  sanitizeToolName,
  validateExecution,
} from 'codemode-executor-client'
import { startDaemon } from './daemon.js'

// Imported after the hook is in place: its modules import cloudflare:workers.
const dialect = await import('@cloudflare/codemode')
const { createCodeTool } = await import('@cloudflare/codemode/ai')
const { generateText, stepCountIs } = await import('ai')
const { MockLanguageModelV3 } = await import('ai/test')
const { z } = await import('zod')

// The dialect keeps its late-call text private; read it from its build.
const dialectLateCallMessage = (await import('node:fs')).readFileSync(
  new URL(import.meta.resolve('@cloudflare/codemode')), 'utf8')
  .match(/const LATE_CALL_MESSAGE = "([^"]+)"/)[1]

const MODEL_OUTPUTS = [
  '', '   ', 'async () => 1', 'async () => { return 1 }', '```js\nasync () => 2\n```', '```typescript\nconst x = 1\nx\n```',
  'const r = await codemode.x()\nr.length', 'const r = await codemode.x();\nreturn r',
  'function main() { return 1 }', 'async function main() { return 1 }', 'export default async () => 3',
  'export default async function () { return 4 }', 'export default class { }', 'export default function named() { return 5 }',
  '1 + 2', 'const a = {b: 1}\na.b', 'if (x) { y() } else { z() }\nfoo()', 'if (x)\n  y()\nbar()',
  'const f = () => {}\nf()', 'let x = `a ${ {a:1}.a } b`\nx', 'const re = /a\\/b/g\nre.source',
  'for (let i = 0; i < 3; i++) { s += i }', 'try { a() } catch (e) { b() }\nc()', 'do { x++ } while (x < 3)\nx',
  'const o = foo\n  .bar()\n  .baz()\no', '(() => 1)()', 'async (a, b) => a + b', 'x => x', '({ a: 1 })',
  'const a = 1;\nconst b = 2;\na + b;', 'return 42', 'await codemode.run({ a: 1 });', 'class A {}\nnew A()',
  'label: for (;;) { break label }\n1', 'console.log("hi"); 5', '// comment\nasync () => 1', 'async () => 1 // trailing',
  'const x = a\n(b)', 'switch (a) { case 1: break }\nq', 'const {a, b} = o\na', 'while (i < 3) i++\ni',
  'if (a) b(); else c();\nd', 'export default 42', 'export default { a: 1 }', 'const s = "a;b"\ns', 'a?.b\nc',
  'const k = a ? b : c\nk', 'var a = function () { return 1 }\na()', 'if (a) b\nelse c\nd', 'x ?? y',
  'async () => {\n  const r = await codemode.getWeather({ location: "London" });\n  return r;\n}',
  'const data = await codemode.list({})\nconst n = data.items.filter((i) => i.ok).length\n({ n })',
  'const w = await codemode.getWeather({ location: "London" })\nconsole.log("asked", w.location);\n({ sky: w.sky })',
]

describe('the dialect rules, against @cloudflare/codemode itself', () => {
  test('normalizeCode agrees with the dialect on model output', () => {
    for (const code of MODEL_OUTPUTS) assert.equal(normalizeCode(code), dialect.normalizeCode(code), JSON.stringify(code))
  })

  test('a leading import block is lifted above the cleaned-up body', () => {
    assert.equal(normalizeCode("import { k } from 'consts'\nconst x = k * 2\nx"),
      "import { k } from 'consts'\nasync () => {\nconst x = k * 2\nreturn (x)\n}")
    assert.equal(normalizeCode("```js\nimport a from 'a'\nasync () => a\n```"), "import a from 'a'\nasync () => a")
  })

  test('sanitizeToolName agrees with the dialect', () => {
    for (const name of ['get-weather', 'a.b c', 'ünï', '9lives', 'class', 'double', 'undefined', '', '$ok_1', '!!!', 'await', 'let', 'get weather.now'])
      assert.equal(sanitizeToolName(name), dialect.sanitizeToolName(name), name)
  })

  test('the collision text and the refusals read as the dialect writes them', async () => {
    // The dialect's own executor never runs here; its texts are read off the
    // rule and compared with ours, and each is checked through our executor below.
    assert.equal(formatSanitizeCollision('codemode', 'get-x', 'get.x', 'get_x'),
      'Tool names "get-x" and "get.x" both sanitize to "get_x" in provider "codemode"')
    assert.equal(detectSanitizeCollision([{ name: 'codemode', fns: { 'get-x': 1, 'get.x': 2 } }]),
      'Tool names "get-x" and "get.x" both sanitize to "get_x" in provider "codemode"')
    assert.equal(detectSanitizeCollision([{ name: 'a', fns: { x: 1 } }, { name: 'b', fns: { x: 1 } }]), null)
    assert.equal(validateExecution([{ name: '__logs', fns: {} }]), 'Provider name "__logs" is reserved')
    assert.equal(validateExecution([{ name: 'my-tools', fns: {} }]), 'Provider name "my-tools" is not a valid JavaScript identifier')
    assert.equal(validateExecution([{ name: 'a', fns: {} }, { name: 'a', fns: {} }]), 'Duplicate provider name "a"')
    assert.equal(validateExecution([], [{ name: 'console' }]), 'Connector name "console" is reserved')
    assert.equal(validateExecution([], [{ name: '1c' }]), 'Connector name "1c" is not a valid JavaScript identifier')
    assert.equal(validateExecution([{ name: 'gh', fns: {} }], [{ name: 'gh' }]), 'Duplicate name "gh" (connector clashes with provider)')
    assert.equal(validateExecution([{ name: 'gh', fns: {} }], [{ name: 'db' }]), null)
  })

  test('planExecution: sanitized tool names cross, the functions stay here', () => {
    const fn = async () => 1
    const plan = planExecution([{ name: 'codemode', fns: { 'get-x': fn }, positionalArgs: false, prelude: 'p' }], [{ name: 'db', binding: {} }])
    assert.deepEqual(plan.descriptors, [
      { name: 'codemode', tools: ['get_x'], positionalArgs: false, prelude: 'p' },
      { name: 'db', tools: [], positionalArgs: true },
    ])
    assert.ok(plan.handlers.get('codemode').has('get_x'))
  })
})

describe('CodemodeExecutor on the daemon', () => {
  let daemon
  let remote
  let cm
  before(async () => {
    daemon = await startDaemon()
    remote = await connect(daemon.url, { websocket: WebSocket })
    cm = new CodemodeExecutor(remote)
  })
  after(async () => {
    await remote.dispose()
    await daemon.close()
  })

  test('tools by sanitized name, arguments spread as the dialect spreads them', async () => {
    const seen = []
    const out = await cm.execute('async () => [await codemode.get_weather({ city: "Oslo" }), await codemode.add(2, 3), await codemode.pair([1, 2])]', [
      {
        name: 'codemode',
        fns: {
          'get-weather': async (input) => (seen.push(input), `sunny in ${input.city}`),
          add: async (a, b) => a + b,
          pair: async (...args) => args,
        },
      },
    ])
    assert.deepEqual(out, { result: ['sunny in Oslo', 5, [[1, 2]]], logs: [] })
    assert.deepEqual(seen, [{ city: 'Oslo' }])
  })

  test('raw model output is normalized before it runs', async () => {
    const out = await cm.execute('```js\nconst r = await codemode.n()\nr + 1\n```', [{ name: 'codemode', fns: { n: async () => 41 } }])
    assert.deepEqual(out, { result: 42, logs: [] })
  })

  test('typescript: an option of the executor or of one call, off by default', async () => {
    const code = 'async () => { const r: number = await codemode.n(); return r! + 1 }'
    const fns = [{ name: 'codemode', fns: { n: async () => 41 } }]
    assert.match((await cm.execute(code, fns)).error, /Missing initializer in const declaration/)
    assert.deepEqual(await cm.execute(code, fns, { typescript: true }), { result: 42, logs: [] })
    const typed = new CodemodeExecutor(remote, { typescript: true })
    assert.deepEqual(await typed.execute(code, fns), { result: 42, logs: [] })
    assert.match((await typed.execute(code, fns, { typescript: false })).error, /Missing initializer in const declaration/)
  })

  test('log prefixes: log bare, warn and error marked', async () => {
    const out = await cm.execute('async () => { console.log("a", 1); console.warn("b"); console.error("c"); console.info("quiet"); return 0 }', [])
    assert.deepEqual(out, { result: 0, logs: ['a 1', '[warn] b', '[error] c'] })
  })

  test('a timeout is the dialect\'s one sentence', async () => {
    const out = await cm.execute('async () => { for (;;) {} }', [], { timeout: 150 })
    assert.deepEqual(out, { result: undefined, error: 'Execution timed out', logs: [] })
  })

  test('the wall clock counts: a slow tool spends the bound, as in the dialect', async () => {
    const out = await cm.execute('async () => await codemode.slow()', [
      { name: 'codemode', fns: { slow: () => new Promise((r) => setTimeout(() => r('late'), 500)) } },
    ], { timeout: 200 })
    assert.equal(out.error, 'Execution timed out')
  })

  test('a thrown tool error reaches the code, and an uncaught one is the error', async () => {
    const fns = { fail: async () => { throw new Error('No such city.') } }
    assert.deepEqual(await cm.execute('async () => { try { await codemode.fail() } catch (e) { return e.message } }', [{ name: 'codemode', fns }]),
      { result: 'No such city.', logs: [] })
    assert.deepEqual(await cm.execute('async () => { await codemode.fail() }', [{ name: 'codemode', fns }]),
      { result: undefined, error: 'No such city.', logs: [] })
  })

  test('an unknown tool is Tool "<name>" not found, as in the dialect', async () => {
    const out = await cm.execute('async () => { try { await codemode.nope() } catch (e) { return e.message } }', [{ name: 'codemode', fns: {} }])
    assert.deepEqual(out, { result: 'Tool "nope" not found', logs: [] })
  })

  test('refusals come back without running anything', async () => {
    let ran = false
    const fn = async () => { ran = true }
    assert.deepEqual(await cm.execute('async () => codemode.a()', [{ name: 'codemode', fns: { 'a-b': fn, 'a.b': fn } }]),
      { result: undefined, error: 'Tool names "a-b" and "a.b" both sanitize to "a_b" in provider "codemode"' })
    assert.deepEqual(await cm.execute('async () => 1', [{ name: 'console', fns: {} }]),
      { result: undefined, error: 'Provider name "console" is reserved' })
    assert.equal(ran, false)
  })

  test('raw fns are the codemode provider', async () => {
    const warn = console.warn
    console.warn = () => {}
    try {
      assert.deepEqual(await cm.execute('async () => codemode.one()', { one: async () => 1 }), { result: 1, logs: [] })
    } finally {
      console.warn = warn
    }
  })

  test('several providers under their own names', async () => {
    const out = await cm.execute('async () => [await github.issues(), await shell.exec({ cmd: "ls" })]', [
      { name: 'github', fns: { issues: async () => [1] } },
      { name: 'shell', fns: { exec: async ({ cmd }) => `ran ${cmd}` } },
    ])
    assert.deepEqual(out, { result: [[1], 'ran ls'], logs: [] })
  })

  test('connectors: callTool with the first argument, and the control answers', async () => {
    const calls = []
    const binding = {
      async callTool(method, args) {
        calls.push([method, args])
        if (method === 'halt') return { [CONNECTOR_CONTROL_KEY]: 'pause' }
        if (method === 'bad') return { [CONNECTOR_CONTROL_KEY]: 'error', message: 'refused' }
        return { ok: method }
      },
    }
    const out = await cm.execute(`async () => {
      const a = await db.query({ sql: 1 }, 'ignored')
      let b, c
      try { await db.bad() } catch (e) { b = e.message }
      try { await db.halt() } catch (e) { c = e.message }
      return [a, b, c]
    }`, [], { connectors: [{ name: 'db', binding }] })
    assert.deepEqual(out, { result: [{ ok: 'query' }, 'refused', PAUSE_SENTINEL], logs: [] })
    assert.deepEqual(calls, [['query', { sql: 1 }], ['bad', undefined], ['halt', undefined]])
  })

  test('ExtendedExecuteOptions: modules and outbound per call', async () => {
    const out = await cm.execute("import { k } from 'consts'\nasync () => k * 2", [], { modules: { consts: 'export const k = 21' } })
    assert.deepEqual(out, { result: 42, logs: [] })
    const code = "async () => { try { return await (await fetch('https://x.test/')).text() } catch (e) { return e.message } }"
    assert.match((await cm.execute(code, [])).result, /^Outbound fetch is disabled/, 'no network by default, as the dialect')
    const outbound = async () => ({ status: 200, statusText: 'OK', headers: [], body: new TextEncoder().encode('via host').buffer })
    assert.equal((await cm.execute(code, [], { outbound })).result, 'via host')
  })

  test('ExtendedProvider: positionalArgs false sends the first argument alone, proxySource replaces the proxy', async () => {
    const seen = []
    const out = await cm.execute('async () => [await p.f([1, 2]), await q.hello()]', [
      { name: 'p', fns: { f: async (...args) => (seen.push(args), 'ok') }, positionalArgs: false },
      { name: 'q', fns: {}, proxySource: 'const q = { hello: async () => "from proxySource" }' },
    ])
    assert.deepEqual(out, { result: ['ok', 'from proxySource'], logs: [] })
    assert.deepEqual(seen, [[1, 2]])
  })

  test('never throws: a broken executor becomes the error', async () => {
    const dead = new CodemodeExecutor({ execute: async () => { throw new Error('transport gone') } })
    assert.deepEqual(await dead.execute('async () => 1', []), { result: undefined, error: 'transport gone', logs: [] })
  })

  test("a tool call made after the run settled gets the dialect's late-call text", async () => {
    let request
    const fake = new CodemodeExecutor({ execute: async (r) => ((request = r), { result: 1, logs: [] }) })
    const fns = [{ name: 'codemode', fns: { t: async () => 'never' } }]
    assert.deepEqual(await fake.execute('async () => 1', fns), { result: 1, logs: [] })
    const late = parseForDispatch(await request.dispatch('codemode', 't', '[]'))
    assert.deepEqual(late, { error: dialectLateCallMessage })
    assert.equal(LATE_CALL_MESSAGE, dialectLateCallMessage)
  })

  test('a tool call that arrives after the run reads the completed text', async () => {
    let late
    const out = await cm.execute('async () => { codemode.later(); return 1 }', [
      { name: 'codemode', fns: { later: () => new Promise((r) => { late = r }) } },
    ])
    assert.deepEqual(out, { result: 1, logs: [] })
    late?.('too late')
  })
})

describe("@cloudflare/codemode's createCodeTool on our executor", () => {
  let daemon
  let remote
  before(async () => {
    daemon = await startDaemon()
    remote = await connect(daemon.url, { websocket: WebSocket })
  })
  after(async () => {
    await remote.dispose()
    await daemon.close()
  })

  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  }

  // A model that asks for the code tool once, then answers with text.
  function scriptedModel(code) {
    return new MockLanguageModelV3({
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'codemode', input: JSON.stringify({ code }) }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        },
      ],
    })
  }

  const weatherTools = (seen) => ({
    getWeather: {
      description: 'The weather in a city',
      inputSchema: z.object({ location: z.string() }),
      execute: async ({ location }) => {
        seen.push(location)
        return { location, sky: 'clear' }
      },
    },
    'get-time': {
      description: 'The time',
      inputSchema: z.object({}),
      execute: async () => '12:00',
    },
  })

  test('the model writes code, the tool runs it on our executor, tools are called', async () => {
    const seen = []
    const codeTool = createCodeTool({ tools: weatherTools(seen), executor: new CodemodeExecutor(remote) })
    assert.match(codeTool.description, /getWeather: \(input: GetWeatherInput\) => Promise<GetWeatherOutput>/)
    const result = await generateText({
      model: scriptedModel('const w = await codemode.getWeather({ location: "London" })\nconsole.log("asked", w.location);\n({ sky: w.sky, time: await codemode.get_time({}) })'),
      tools: { codemode: codeTool },
      prompt: 'What is the weather?',
      stopWhen: stepCountIs(2),
    })
    assert.equal(result.text, 'done')
    const [toolResult] = result.steps[0].content.filter((c) => c.type === 'tool-result')
    assert.deepEqual(toolResult.output, { result: { sky: 'clear', time: '12:00' }, logs: ['asked London'] })
    assert.deepEqual(seen, ['London'])
  })

  test('schema validation of the dialect runs before the tool, and its failure reaches the code', async () => {
    const seen = []
    const codeTool = createCodeTool({ tools: weatherTools(seen), executor: new CodemodeExecutor(remote) })
    const out = await codeTool.execute({ code: 'async () => { try { await codemode.getWeather({ location: 5 }) } catch (e) { return "invalid" } }' }, { toolCallId: 'c', messages: [] })
    assert.deepEqual(out, { result: 'invalid' })
    assert.deepEqual(seen, [])
  })

  test('a failing run is the dialect\'s "Code execution failed" with its console output', async () => {
    const codeTool = createCodeTool({ tools: weatherTools([]), executor: new CodemodeExecutor(remote) })
    const result = await generateText({
      model: scriptedModel('console.warn("about to fail")\nthrow new Error("boom")'),
      tools: { codemode: codeTool },
      prompt: 'fail',
      stopWhen: stepCountIs(2),
    })
    const [err] = result.steps[0].content.filter((c) => c.type === 'tool-error')
    assert.equal(err.error.message, 'Code execution failed: boom\n\nConsole output:\n[warn] about to fail')
  })

  test('a timeout reads as the dialect reads it', async () => {
    const codeTool = createCodeTool({ tools: weatherTools([]), executor: new CodemodeExecutor(remote, { timeout: 150 }) })
    await assert.rejects(codeTool.execute({ code: 'async () => { for (;;) {} }' }, { toolCallId: 'c', messages: [] }),
      { message: 'Code execution failed: Execution timed out' })
  })

  test('named providers through createCodeTool', async () => {
    const codeTool = createCodeTool({
      tools: [
        { name: 'github', tools: { issues: { description: 'Issues', inputSchema: z.object({}), execute: async () => [{ n: 1 }] } } },
        { tools: { ping: { description: 'Ping', inputSchema: z.object({}), execute: async () => 'pong' } } },
      ],
      executor: new CodemodeExecutor(remote),
    })
    const out = await codeTool.execute({ code: 'async () => [(await github.issues({})).length, await codemode.ping({})]' }, { toolCallId: 'c', messages: [] })
    assert.deepEqual(out, { result: [1, 'pong'] })
  })
})

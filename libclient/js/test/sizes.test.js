// Sizes never break a session, against the daemon (spec/protocol.md,
// section 6): an answer of the caller's outbound function or dispatch past
// PAYLOAD_LIMIT fails that one fetch or tool call in the run while an
// execution beside it completes; both pass at the bound; a request past
// MESSAGE_LIMIT rejects with RequestTooLargeError before anything is sent
// and one of exactly MESSAGE_LIMIT bytes crosses; an answer far past
// capnweb's default 32 Mi receive limit reaches the client.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import {
  MESSAGE_LIMIT,
  PAYLOAD_LIMIT,
  PayloadPart,
  PayloadTooLargeError,
  RequestTooLargeError,
  composeText,
  connect,
} from 'codemode-executor-client'
import { startDaemon } from './daemon.js'

const ws = { websocket: WebSocket }

// Holds its worker for a while, so that it is in flight beside the run
// under test on the same session.
const busy = { code: "async () => { const t = Date.now(); while (Date.now() - t < 400) {} return 'beside' }" }

const tooLarge = (part, size) =>
  composeText('PAYLOAD_TOO_LARGE', { part: PayloadPart[part], size, limit: PAYLOAD_LIMIT })

const fetchCode =
  "async () => { try { const r = await fetch('https://x.test/'); return (await r.arrayBuffer()).byteLength } catch (e) { return e.message } }"

describe('sizes against the daemon', () => {
  let daemon
  before(async () => {
    daemon = await startDaemon()
  })
  after(async () => {
    await daemon.close()
  })

  const withStub = async (bodyBytes) => {
    const ex = await connect(daemon.url, ws)
    try {
      const outbound = async () => ({ status: 200, statusText: '', headers: [], body: new ArrayBuffer(bodyBytes) })
      const [r, beside] = await Promise.all([ex.execute({ code: fetchCode, outbound }), ex.execute(busy)])
      assert.equal(ex.sessionsOpened, 1, 'the session carried on')
      return { r, beside }
    } finally {
      await ex.dispose()
    }
  }

  test('a 64 MiB stub response rejects that fetch with PayloadTooLarge; the execution beside it completes', async () => {
    const { r, beside } = await withStub(64 << 20)
    assert.equal(r.result, tooLarge('OUTBOUND_RESPONSE', 64 << 20))
    assert.ok(PayloadTooLargeError.matches(r.result))
    assert.equal(beside.result, 'beside')
  })

  test('a stub response one byte past the bound fails; one at the bound passes', async () => {
    const over = await withStub(PAYLOAD_LIMIT + 1)
    assert.equal(over.r.result, tooLarge('OUTBOUND_RESPONSE', PAYLOAD_LIMIT + 1))
    assert.equal(over.beside.result, 'beside')
    const at = await withStub(PAYLOAD_LIMIT)
    assert.equal(at.r.result, PAYLOAD_LIMIT)
  })

  const withTool = async (size) => {
    const ex = await connect(daemon.url, ws)
    try {
      const dispatch = async () => `{"result":"${'x'.repeat(size - 13)}"}`
      const request = {
        code: 'async () => { try { return (await store.get()).length } catch (e) { return e.message } }',
        providers: [{ name: 'store', tools: ['get'] }],
        dispatch,
      }
      const [r, beside] = await Promise.all([ex.execute(request), ex.execute(busy)])
      assert.equal(ex.sessionsOpened, 1, 'the session carried on')
      return { r, beside }
    } finally {
      await ex.dispose()
    }
  }

  test('a tool result past the bound fails that tool call; the execution beside it completes', async () => {
    const { r, beside } = await withTool(PAYLOAD_LIMIT + 1)
    assert.equal(r.result, tooLarge('TOOL_RESULT', PAYLOAD_LIMIT + 1))
    assert.equal(beside.result, 'beside')
  })

  test('a 64 Mi-character tool result fails that tool call, and is never sent', async () => {
    const { r, beside } = await withTool(64 << 20)
    assert.equal(r.result, tooLarge('TOOL_RESULT', 64 << 20))
    assert.equal(beside.result, 'beside')
  })

  test('a tool result at the bound passes', async () => {
    const { r } = await withTool(PAYLOAD_LIMIT)
    assert.equal(r.result, PAYLOAD_LIMIT - 13)
  })

  // A program of `units` U+0001 characters in a comment (6 bytes each once
  // escaped, 1 in the sandbox) and `pad` spaces.
  const program = (units, pad) => '(function () { return 7; }) //' + ' '.repeat(pad) + '\u0001'.repeat(units)

  test('a request past MESSAGE_LIMIT rejects before sending; one of exactly MESSAGE_LIMIT bytes crosses', async () => {
    const ex = await connect(daemon.url, ws)
    try {
      const units = Math.floor(MESSAGE_LIMIT / 6) + 100
      let size
      await assert.rejects(ex.execute({ code: program(units, 0) }), (e) => {
        assert.ok(e instanceof RequestTooLargeError, `${e?.name}: ${e?.message}`)
        assert.equal(e.name, 'RequestTooLargeError')
        assert.equal(e.limit, MESSAGE_LIMIT)
        assert.equal(e.method, 'execute')
        assert.match(e.message, /byte message limit of the server, so it was not sent/)
        size = e.size
        return true
      })
      const fixed = size - 6 * units
      const exact = program(Math.floor((MESSAGE_LIMIT - fixed) / 6), (MESSAGE_LIMIT - fixed) % 6)
      const [at, over, beside] = await Promise.allSettled([
        ex.execute({ code: exact }),
        ex.execute({ code: exact + ' ' }),
        ex.execute(busy),
      ])
      assert.equal(at.status, 'fulfilled', String(at.reason))
      assert.equal(at.value.result, 7)
      assert.equal(over.status, 'rejected')
      assert.ok(over.reason instanceof RequestTooLargeError)
      assert.equal(over.reason.size, MESSAGE_LIMIT + 1)
      assert.equal(beside.status, 'fulfilled', String(beside.reason))
      assert.equal((await ex.execute({ code: 'async () => 8' })).result, 8)
      assert.equal(ex.sessionsOpened, 1, 'the session carried on')
    } finally {
      await ex.dispose()
    }
  })

  test('an oversized invokeHandle rejects before sending and the handles keep serving', async () => {
    const ex = await connect(daemon.url, ws)
    try {
      const granted = await ex.execute({ code: 'async () => (req) => new Response("ok")', retainHandles: true })
      const big = { method: 'POST', url: 'https://h.test/', headers: [], body: new ArrayBuffer(MESSAGE_LIMIT) }
      await assert.rejects(ex.invokeHandle(granted.executionId, 'fetch', big), (e) =>
        e instanceof RequestTooLargeError && e.method === 'invokeHandle' && e.size > MESSAGE_LIMIT)
      const res = await ex.invokeHandle(granted.executionId, 'fetch', { method: 'GET', url: 'https://h.test/', headers: [], body: null })
      assert.equal(new TextDecoder().decode(res.body), 'ok')
      await ex.closeHandles(granted.executionId)
      assert.equal(ex.sessionsOpened, 1, 'the session carried on')
    } finally {
      await ex.dispose()
    }
  })

  test('an answer of ~48 MiB (past capnweb\'s default 32 Mi) reaches the client', async () => {
    const ex = await connect(daemon.url, ws)
    try {
      const [r, beside] = await Promise.all([
        ex.execute({ code: `async () => { throw String.fromCharCode(1).repeat(${PAYLOAD_LIMIT}) }` }),
        ex.execute(busy),
      ])
      assert.equal(r.error.length, PAYLOAD_LIMIT)
      assert.equal(r.error, '\u0001'.repeat(PAYLOAD_LIMIT))
      assert.equal(beside.result, 'beside')
      assert.equal(ex.sessionsOpened, 1, 'the session carried on')
    } finally {
      await ex.dispose()
    }
  })
})

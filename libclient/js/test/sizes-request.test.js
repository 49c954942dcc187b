// A request past MESSAGE_LIMIT rejects with RequestTooLargeError before
// anything is sent, one of exactly MESSAGE_LIMIT bytes crosses, and the
// session's other calls go on (spec/protocol.md, section 6).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { MESSAGE_LIMIT, RequestTooLargeError, connect } from 'codemode-executor-client'
import { startDaemon } from './daemon.js'
import { ws, busy } from './sizes.js'

describe('requests at the message limit against the daemon', () => {
  let daemon
  before(async () => {
    daemon = await startDaemon()
  })
  after(async () => {
    await daemon.close()
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

  test('maxMessage below the server\'s: the cheap bound never lets an oversized request through', async () => {
    // 400 U+0001 are 400 code units and 2400 bytes once escaped: over a
    // 2048-byte maxMessage, which a bound of one byte per unit would miss.
    const limit = 2048
    const ex = await connect(daemon.url, { ...ws, maxMessage: limit })
    try {
      await assert.rejects(ex.execute({ code: program(400, 0) }), (e) =>
        e instanceof RequestTooLargeError && e.size > limit && e.size < limit + 600)
      // Nested: the units in a provider's tool name and a module's source.
      await assert.rejects(ex.execute({ code: 'async () => 1', providers: [{ name: 'p', tools: ['\u0001'.repeat(400)] }] }),
        (e) => e instanceof RequestTooLargeError)
      await assert.rejects(ex.execute({ code: 'async () => 1', modules: { m: { json: { k: ['\u0001'.repeat(400)] } } } }),
        (e) => e instanceof RequestTooLargeError)
      await assert.rejects(ex.execute({ code: 'async () => 1', modules: { ['\u0001'.repeat(400)]: 'x' } }),
        (e) => e instanceof RequestTooLargeError)
      // Below it, by the bound or by the exact measure, the calls cross.
      assert.equal((await ex.execute({ code: program(200, 0) })).result, 7)
      assert.equal((await ex.execute({ code: program(300, 0) })).result, 7)
      assert.equal((await ex.execute({ code: 'async () => 2', providers: [{ name: 'p', tools: ['a'] }] })).result, 2)
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
})

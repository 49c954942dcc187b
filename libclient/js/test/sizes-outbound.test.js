// An answer of the caller's outbound function past PAYLOAD_LIMIT fails that
// one fetch in the run while an execution beside it completes on the same
// session, and one at the bound passes (spec/protocol.md, section 6).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PAYLOAD_LIMIT, PayloadTooLargeError, connect } from 'codemode-executor-client'
import { startDaemon } from './daemon.js'
import { ws, busy, tooLarge } from './sizes.js'

const fetchCode =
  "async () => { try { const r = await fetch('https://x.test/'); return (await r.arrayBuffer()).byteLength } catch (e) { return e.message } }"

describe('the caller\'s outbound function\'s answers against the daemon', () => {
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
})

// An answer far past capnweb's default 32 Mi receive limit (but within
// MESSAGE_LIMIT) reaches the client (spec/protocol.md, section 6).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PAYLOAD_LIMIT, connect } from 'codemode-executor-client'
import { startDaemon } from './daemon.js'
import { ws, busy } from './sizes.js'

describe('answers past capnweb\'s default limit against the daemon', () => {
  let daemon
  before(async () => {
    daemon = await startDaemon()
  })
  after(async () => {
    await daemon.close()
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

// A dispatch answer past PAYLOAD_LIMIT fails that one tool call in the run
// while an execution beside it completes on the same session, and one at
// the bound passes (spec/protocol.md, section 6).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PAYLOAD_LIMIT, connect } from 'codemode-executor-client'
import { startDaemon } from './daemon.js'
import { ws, busy, tooLarge } from './sizes.js'

describe('tool results against the daemon', () => {
  let daemon
  before(async () => {
    daemon = await startDaemon()
  })
  after(async () => {
    await daemon.close()
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
})

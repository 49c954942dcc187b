// The standard WebSocket (undici's, Node's --experimental-websocket global)
// over TCP with no options at all: what Bun, Deno and browsers get too.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { connect as netConnect } from 'node:net'
import { startDaemon } from './daemon.js'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function listening(port) {
  return new Promise((resolve) => {
    const s = netConnect(port, '127.0.0.1', () => {
      s.destroy()
      resolve(true)
    })
    s.on('error', () => resolve(false))
  })
}

test('connect() with the runtime WebSocket to ws://127.0.0.1:PORT', async (t) => {
  const major = Number(process.versions.node.split('.')[0])
  if (major < 20) return t.skip('Node before 20 has no built-in WebSocket')
  const port = 20000 + Math.floor(Math.random() * 30000)
  const daemon = await startDaemon({ port })
  try {
    for (let i = 0; i < 100 && !(await listening(port)); i++) await sleep(20)
    const script = `
      import { connect } from 'codemode-executor-client'
      const ex = await connect('ws://127.0.0.1:${port}/')
      const out = await ex.execute({ code: 'async () => [typeof WebSocket, 6 * 7]' })
      await ex.dispose()
      process.stdout.write(JSON.stringify([typeof globalThis.WebSocket, out]))`
    const flags = major >= 22 ? [] : ['--experimental-websocket']
    const stdout = execFileSync(process.execPath, [...flags, '--no-warnings', '--input-type=module', '-e', script], {
      cwd: new URL('.', import.meta.url),
      encoding: 'utf8',
      timeout: 30000,
    })
    assert.deepEqual(JSON.parse(stdout), ['function', { result: ['undefined', 42], logs: [] }])
  } finally {
    await daemon.close()
  }
})

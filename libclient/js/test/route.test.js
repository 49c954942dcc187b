// Handle calls among many daemons: three daemons on private unix sockets,
// each named by --instance-id, and clients given all three URLs. A run
// retains on one; invokeHandle and closeHandles made through clients whose
// first URL is another daemon reach the one the executionId names; a name
// nobody answers to, or a daemon that died, gives HANDLES_CLOSED.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { connect } from 'codemode-executor-client'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const COUNTER = 'async () => { let n = 0; return (req) => new Response(String(++n)) }'
const req = { method: 'GET', url: 'http://handle/', headers: [], body: null }
const text = (res) => new TextDecoder().decode(res.body)

const daemons = []
let dir

async function startNamed(name) {
  const socket = join(dir, `${name}.sock`)
  const child = spawn(process.env.CODEMODE_DAEMON,
    ['--socket', socket, '--instance-id', name, '--max-workers', '2', '--spares', '0', '--log-level', 'error'],
    { stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 200 && !existsSync(socket); i++) await sleep(25)
  assert.ok(existsSync(socket), `${name} did not start`)
  return { name, socket, url: `unix://${socket}`, child }
}

async function kill(d) {
  if (d.child.exitCode !== null || d.child.signalCode !== null) return
  const exited = new Promise((resolve) => d.child.once('exit', resolve))
  d.child.kill('SIGKILL')
  await exited
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-jsroute-'))
  for (const n of ['d0', 'd1', 'd2']) daemons.push(await startNamed(n))
})

after(async () => {
  for (const d of daemons) await kill(d)
  rmSync(dir, { recursive: true, force: true })
})

// The list starting at daemon k.
const list = (k) => [0, 1, 2].map((i) => daemons[(k + i) % 3].url)

test('retained on one daemon, invoked and closed through the others', async () => {
  const c0 = await connect(list(0), { websocket: WebSocket })
  const c1 = await connect(list(1).join(','), { websocket: WebSocket })
  const c2 = await connect(list(2), { websocket: WebSocket })
  try {
    assert.equal(await c0.instanceId(), 'd0')
    const r0 = await c0.execute({ code: COUNTER, retainHandles: true })
    assert.match(r0.executionId, /^d0\.[0-9a-f]{32}$/)
    const r2 = await c2.execute({ code: COUNTER, retainHandles: true })
    assert.match(r2.executionId, /^d2\./)
    assert.equal(text(await c1.invokeHandle(r0.executionId, 'fetch', req)), '1')
    assert.equal(text(await c2.invokeHandle(r0.executionId, 'fetch', req)), '2')
    assert.equal(text(await c0.invokeHandle(r0.executionId, 'fetch', req)), '3')
    assert.equal(text(await c0.invokeHandle(r2.executionId, 'fetch', req)), '1')
    assert.equal(text(await c1.invokeHandle(r2.executionId, 'fetch', req)), '2')
    await c2.closeHandles(r0.executionId)
    await assert.rejects(c1.invokeHandle(r0.executionId, 'fetch', req), (e) => {
      assert.equal(e.code, 'HANDLES_CLOSED')
      assert.ok(e.message.includes(`"${r0.executionId}"`))
      return true
    })
    const nobody = 'nobody.0123456789abcdef0123456789abcdef'
    await assert.rejects(c0.invokeHandle(nobody, 'fetch', req), { code: 'HANDLES_CLOSED' })
    // d2 dies: its handles with it; d0 and d1 still serve.
    await kill(daemons[2])
    await assert.rejects(c0.invokeHandle(r2.executionId, 'fetch', req), (e) => {
      assert.equal(e.code, 'HANDLES_CLOSED')
      assert.ok(e.message.includes(r2.executionId))
      return true
    })
    await assert.rejects(c1.closeHandles(r2.executionId), { code: 'HANDLES_CLOSED' })
    const again = await c0.execute({ code: COUNTER, retainHandles: true })
    assert.equal(text(await c1.invokeHandle(again.executionId, 'fetch', req)), '1')
  } finally {
    await c0.dispose()
    await c1.dispose()
    await c2.dispose()
  }
})

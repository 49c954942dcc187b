// connect() and RemoteExecutor: ConnectOptions and their defaults, the wire
// mapping (read back from a fake server), rotation, and reconnecting after
// the daemon is killed and restarted.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import {
  CLIENT_RECONNECT_BACKOFF,
  CLIENT_RECONNECT_RETRIES,
  CLIENT_ROTATE_AFTER_EXECUTIONS,
  ExecutorError,
  PAYLOAD_LIMIT,
  RemoteExecutor,
  connect,
  createEnvelopeDispatch,
} from 'codemode-executor-client'
import { startDaemon } from './daemon.js'
import { startFakeServer } from './fake-server.js'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const ws = { websocket: WebSocket }

describe('against the daemon', () => {
  let daemon
  before(async () => {
    daemon = await startDaemon()
  })
  after(async () => {
    await daemon.close()
  })

  test('connect resolves to a RemoteExecutor', async () => {
    const ex = await connect(daemon.url, ws)
    assert.ok(ex instanceof RemoteExecutor)
    assert.equal(ex.sessionsOpened, 1)
    await ex.dispose()
  })

  test('headers without websocket reject with CONNECTION_REJECTED before any socket', async () => {
    await assert.rejects(connect(daemon.url, { headers: { authorization: 'x' } }), (e) =>
      e instanceof ExecutorError && e.code === 'CONNECTION_REJECTED' && /handshake headers need the websocket option/.test(e.message))
    // A TCP server with a global WebSocket in place: still no socket is opened.
    const tcp = await startFakeServer({ tcp: true })
    try {
      await assert.rejects(connect(tcp.url, { headers: { a: 'b' } }), { code: 'CONNECTION_REJECTED' })
      assert.equal(tcp.connections.length, 0)
      await (await connect(tcp.url)).dispose()
      assert.equal(tcp.connections.length, 1, 'the global WebSocket reaches it without headers')
    } finally {
      await tcp.close()
    }
  })

  test('headers with a websocket constructor reach the handshake', async () => {
    const ex = await connect(daemon.url, { ...ws, headers: { 'x-tenant': 'ada' } })
    assert.deepEqual(await ex.execute({ code: 'async () => 1' }), { result: 1, logs: [] })
    await ex.dispose()
  })

  test('a unix URL without a websocket constructor is CONNECTION_REJECTED', async () => {
    await assert.rejects(connect(daemon.url), (e) => e.code === 'CONNECTION_REJECTED' && /unix socket/.test(e.message))
  })

  test('nothing listening is CONNECTION_REJECTED, and the first connect is not retried', async () => {
    const t0 = Date.now()
    await assert.rejects(connect(`unix://${daemon.dir}/none.sock`, ws), { code: 'CONNECTION_REJECTED' })
    assert.ok(Date.now() - t0 < CLIENT_RECONNECT_BACKOFF)
  })

  test('language: TypeScript only when asked, per connection or per request', async () => {
    const code = 'async () => { const n: number = 40; return (n as number) + 2 }'
    const js = await connect(daemon.url, ws)
    const ts = await connect(daemon.url, { ...ws, language: 'typescript' })
    try {
      const plain = await js.execute({ code })
      assert.equal(plain.result, undefined)
      assert.match(plain.error, /Missing initializer in const declaration/)
      assert.equal((await js.execute({ code, language: 'typescript' })).result, 42)
      assert.equal((await ts.execute({ code })).result, 42)
      assert.match((await ts.execute({ code, language: 'javascript' })).error, /Missing initializer in const declaration/)
    } finally {
      await js.dispose()
      await ts.dispose()
    }
  })

  test('per-connection timeout is the default and a request field overrides it', async () => {
    const ex = await connect(daemon.url, { ...ws, timeout: 150 })
    try {
      const a = await ex.execute({ code: 'async () => { for (;;) {} }' })
      assert.match(a.error, /^Execution timed out at its 150 ms bound\./)
      const b = await ex.execute({ code: 'async () => { for (;;) {} }', timeout: 250 })
      assert.match(b.error, /^Execution timed out at its 250 ms bound\./)
    } finally {
      await ex.dispose()
    }
  })

  test('countHostWaits per connection: the wall clock then counts a slow tool', async () => {
    const slow = createEnvelopeDispatch({ active: true }, async () => {
      await sleep(400)
      return 'late'
    })
    const request = { code: 'async () => await t.slow()', providers: [{ name: 't', tools: ['slow'] }], dispatch: slow, timeout: 200 }
    const stopped = await connect(daemon.url, ws)
    const counted = await connect(daemon.url, { ...ws, countHostWaits: true })
    try {
      assert.deepEqual(await stopped.execute(request), { result: 'late', logs: [] })
      assert.match((await counted.execute(request)).error, /^Execution timed out at its 200 ms bound\./)
      assert.deepEqual(await counted.execute({ ...request, countHostWaits: false }), { result: 'late', logs: [] })
    } finally {
      await stopped.dispose()
      await counted.dispose()
    }
  })

  test('modules per connection, replaced by a request map', async () => {
    const ex = await connect(daemon.url, { ...ws, modules: { m: 'export default 1' } })
    try {
      assert.equal((await ex.execute({ code: "import m from 'm'\nasync () => m" })).result, 1)
      assert.equal((await ex.execute({ code: "import m from 'm'\nasync () => m", modules: { m: { json: 2 } } })).result, 2)
      const bad = await ex.execute({ code: 'async () => 1', modules: { './a.js': 'x', a: 'y' } })
      assert.match(bad.error, /^Module names "\.\/a\.js" and "a" both normalize to "a"/)
      const toString = await ex.execute({ code: "import t from 'toString'\nasync () => t", modules: { toString: { json: 'kept' } } })
      assert.equal(toString.result, 'kept')
    } finally {
      await ex.dispose()
    }
  })

  test('outbound per connection: null disables, a function serves, a request overrides', async () => {
    const asked = []
    const outbound = async (req) => {
      asked.push([req.method, req.url])
      return { status: 201, statusText: 'Created', headers: [['x-from', 'stub']], body: new TextEncoder().encode('hi').buffer }
    }
    const code = "async () => { try { const r = await fetch('https://up.test/a', { method: 'POST', body: 'x' }); return [r.status, r.headers.get('x-from'), await r.text()] } catch (e) { return e.message } }"
    const disabled = await connect(daemon.url, { ...ws, outbound: null })
    const stubbed = await connect(daemon.url, { ...ws, outbound })
    try {
      assert.match((await disabled.execute({ code })).result, /^Outbound fetch is disabled/)
      assert.deepEqual((await stubbed.execute({ code })).result, [201, 'stub', 'hi'])
      assert.deepEqual((await disabled.execute({ code, outbound })).result, [201, 'stub', 'hi'])
      assert.match((await stubbed.execute({ code, outbound: null })).result, /^Outbound fetch is disabled/)
      assert.deepEqual(asked, [['POST', 'https://up.test/a'], ['POST', 'https://up.test/a']])
    } finally {
      await disabled.dispose()
      await stubbed.dispose()
    }
  })

  test('rotation: a session is retired after rotateAfterExecutions executions', async () => {
    const ex = await connect(daemon.url, { ...ws, rotateAfterExecutions: 2 })
    try {
      for (let i = 0; i < 5; i++) assert.equal((await ex.execute({ code: `async () => ${i}` })).result, i)
      assert.equal(ex.sessionsOpened, 3)
      // Handle calls do not count as executions.
      const r = await ex.execute({ code: 'async () => () => new Response("h")', retainHandles: true })
      assert.equal(ex.sessionsOpened, 3)
      const req = { method: 'GET', url: 'https://h.test/', headers: [], body: null }
      for (let i = 0; i < 3; i++) await ex.invokeHandle(r.executionId, 'fetch', req)
      assert.equal(ex.sessionsOpened, 4, 'the call after the sixth execution reopened')
    } finally {
      await ex.dispose()
    }
  })

  test('rotation: the default retires after 100 executions, with concurrent calls in flight', async () => {
    assert.equal(CLIENT_ROTATE_AFTER_EXECUTIONS, 100)
    const ex = await connect(daemon.url, ws)
    try {
      for (let i = 0; i < 10; i++) {
        const batch = []
        for (let j = 0; j < 10; j++) batch.push(ex.execute({ code: `async () => ${i * 10 + j}` }))
        const rs = await Promise.all(batch)
        assert.deepEqual(rs.map((x) => x.result), [...Array(10).keys()].map((j) => i * 10 + j))
      }
      assert.equal(ex.sessionsOpened, 1)
      assert.equal((await ex.execute({ code: 'async () => 100' })).result, 100)
      assert.equal(ex.sessionsOpened, 2)
    } finally {
      await ex.dispose()
    }
  })

  test('dispose: later calls meet CONNECTION_BROKEN', async () => {
    const ex = await connect(daemon.url, ws)
    await ex.dispose()
    await assert.rejects(ex.execute({ code: 'async () => 1' }), { code: 'CONNECTION_BROKEN' })
  })

  test('dispose with a call in flight fails that call with CONNECTION_BROKEN', async () => {
    const ex = await connect(daemon.url, ws)
    const pending = ex.execute({ code: 'async () => { await new Promise((r) => setTimeout(r, 2000)); return 1 }' })
    const broke = assert.rejects(pending, { code: 'CONNECTION_BROKEN' })
    await sleep(200)
    await ex.dispose()
    await broke
  })

  test('a turn\'s frames leave in one write: push and pull together, a release with the next push', async () => {
    // The ws package's socket, its writes counted (each one system call):
    // Writable hands a corked batch to _writev, a single chunk to _write.
    let writes = 0
    class Counting extends WebSocket {
      constructor(...args) {
        super(...args)
        this.addEventListener('open', () => {
          const raw = this._socket
          for (const m of ['_write', '_writev']) {
            const orig = raw[m]
            raw[m] = function (...a) {
              writes++
              return orig.apply(this, a)
            }
          }
        })
      }
    }
    const ex = await connect(daemon.url, { websocket: Counting })
    try {
      assert.equal((await ex.execute({ code: 'async () => 0' })).result, 0)
      writes = 0
      for (let i = 1; i <= 5; i++) assert.equal((await ex.execute({ code: `async () => ${i}` })).result, i)
      await new Promise((resolve) => setImmediate(resolve))
      // Each execution's [push, pull] in one write with the release of the
      // one before, and the last release alone: 6, where a write per frame
      // made 15.
      assert.equal(writes, 6)
      // A tool call's answer is one write: [push, pull], 3 resolves, the release.
      writes = 0
      const dispatch = createEnvelopeDispatch({ active: true }, async () => 1)
      const r = await ex.execute({
        code: 'async () => (await t.one()) + (await t.one()) + (await t.one())',
        providers: [{ name: 't', tools: ['one'] }],
        dispatch,
      })
      assert.equal(r.result, 3)
      await new Promise((resolve) => setImmediate(resolve))
      assert.equal(writes, 5)
    } finally {
      await ex.dispose()
    }
  })

  test('in a batch a small frame is one chunk, header and masked payload together, and still a text frame', async () => {
    // Every chunk the ws package's socket is handed, parsed as frames.
    const writes = []
    class Recording extends WebSocket {
      constructor(...args) {
        super(...args)
        this.addEventListener('open', () => {
          const raw = this._socket
          const write = raw._write
          const writev = raw._writev
          raw._write = function (chunk, ...a) {
            writes.push([Buffer.from(chunk)])
            return write.call(this, chunk, ...a)
          }
          raw._writev = function (chunks, ...a) {
            writes.push(chunks.map((c) => Buffer.from(c.chunk)))
            return writev.call(this, chunks, ...a)
          }
        })
      }
    }
    // A chunk holding exactly one whole masked text frame: its payload, unmasked.
    const frameText = (chunk) => {
      assert.equal(chunk[0], 0x81, 'FIN and the text opcode')
      assert.equal(chunk[1] & 0x80, 0x80, 'masked')
      let len = chunk[1] & 0x7f
      let at = 2
      if (len === 126) {
        len = chunk.readUInt16BE(2)
        at = 4
      }
      const mask = chunk.subarray(at, at + 4)
      assert.equal(chunk.length, at + 4 + len, 'the header and the whole payload in one chunk')
      const payload = Buffer.from(chunk.subarray(at + 4))
      for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3]
      return payload.toString()
    }
    const ex = await connect(daemon.url, { websocket: Recording })
    try {
      assert.equal((await ex.execute({ code: 'async () => 0' })).result, 0)
      writes.length = 0
      assert.equal((await ex.execute({ code: 'async () => 1' })).result, 1)
      // The release of the one before, the push and its pull: three chunks in one write.
      assert.equal(writes.length, 1)
      const texts = writes[0].map(frameText)
      assert.match(texts[0], /^\["release",\d+,1\]$/)
      assert.match(texts[1], /^\["push",\["pipeline",0,\["execute"\],\["async \(\) => 1"/)
      assert.match(texts[2], /^\["pull",\d+\]$/)
      // A tool's answer: one write (its header and payload, a lone frame).
      writes.length = 0
      const r = await ex.execute({
        code: 'async () => await t.one()',
        providers: [{ name: 't', tools: ['one'] }],
        dispatch: createEnvelopeDispatch({ active: true }, async () => 'é'.repeat(100)),
      })
      assert.equal(r.result, 'é'.repeat(100))
      // (the result's release may follow in a write of its own)
      assert.ok(writes.length >= 2)
      const answer = frameText(Buffer.concat(writes[1]))
      assert.equal(JSON.parse(answer)[0], 'resolve')
      assert.match(answer, /é{100}/, 'UTF-8 on the wire')
      // Past the small-frame bound a text still crosses whole (as two chunks).
      const big = 'x'.repeat(40000)
      assert.equal((await ex.execute({ code: `async () => ${JSON.stringify(big)}.length` })).result, big.length)
    } finally {
      await ex.dispose()
    }
  })

  test('a dispatch that answers or throws synchronously, or with a thenable, reads as an async one', async () => {
    const ex = await connect(daemon.url, ws)
    const providers = [{ name: 't', tools: ['x'] }]
    const code = 'async () => { try { return await t.x(1) } catch (e) { return "caught: " + e.message } }'
    const run = async (dispatch) => (await ex.execute({ code, providers, dispatch })).result
    // Past the server's message limit too: sent, it would end the session.
    const over = `{"result":"${'x'.repeat((64 << 20) - 13)}"}`
    try {
      assert.equal(await run(() => '{"result":5}'), 5)
      assert.equal(await run(() => {
        throw new Error('sync boom')
      }), 'caught: sync boom')
      assert.equal(await run(async () => {
        throw new Error('async boom')
      }), 'caught: async boom')
      assert.equal(await run(() => ({ then: (resolve) => resolve('{"result":6}') })), 6)
      for (const dispatch of [() => over, () => ({ then: (resolve) => resolve(over) })])
        assert.match(await run(dispatch), /^caught: The tool result is 67108864 characters, past the 8388608 character bound/)
      assert.equal(ex.sessionsOpened, 1)
    } finally {
      await ex.dispose()
    }
  })

  test('a server fault keeps its code: an unknown execution is HANDLES_CLOSED', async () => {
    const ex = await connect(daemon.url, ws)
    try {
      await assert.rejects(ex.closeHandles('nope'), (e) => e.name === 'HandlesClosedError' && e.code === 'HANDLES_CLOSED')
    } finally {
      await ex.dispose()
    }
  })
})

describe('killing and restarting the daemon', () => {
  test('a call in flight breaks; the next call reconnects once the daemon is back', async () => {
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, { ...ws, reconnect: { retries: 5, backoff: 100 } })
    try {
      assert.equal((await ex.execute({ code: 'async () => 1' })).result, 1)
      const pending = ex.execute({ code: 'async () => { await new Promise((r) => setTimeout(r, 3000)); return 2 }' })
      const broke = assert.rejects(pending, (e) => e.code === 'CONNECTION_BROKEN' && /The WebSocket under this call broke/.test(e.message))
      await sleep(200)
      await daemon.stop()
      await broke
      // Back after 250 ms: attempts at 0, +100, +200 ... find it.
      const restart = sleep(250).then(() => daemon.start())
      const t0 = Date.now()
      const r = await ex.execute({ code: 'async () => 3' })
      assert.equal(r.result, 3)
      assert.ok(Date.now() - t0 >= 250)
      await restart
      assert.equal(ex.sessionsOpened, 2)
    } finally {
      // The daemon goes even when dispose fails: a live one would keep the test file from ending.
      await ex.dispose().finally(() => daemon.close())
    }
  })

  test('the default reconnect is 3 retries backing off 250, 500, 750 ms, then CONNECTION_REJECTED', async () => {
    assert.deepEqual([CLIENT_RECONNECT_RETRIES, CLIENT_RECONNECT_BACKOFF], [3, 250])
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, ws)
    try {
      await daemon.stop()
      await sleep(100)
      const t0 = Date.now()
      await assert.rejects(ex.execute({ code: 'async () => 1' }), { code: 'CONNECTION_REJECTED' })
      const took = Date.now() - t0
      assert.ok(took >= 1500 && took < 2500, `gave up after ${took} ms`)
    } finally {
      // The daemon goes even when dispose fails: a live one would keep the test file from ending.
      await ex.dispose().finally(() => daemon.close())
    }
  })

  test('the default reconnect reaches a daemon back within its backoff', async () => {
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, ws)
    try {
      await daemon.stop()
      await sleep(100)
      setTimeout(() => daemon.start(), 600)
      assert.equal((await ex.execute({ code: 'async () => 5' })).result, 5)
      assert.equal(ex.sessionsOpened, 2)
    } finally {
      // The daemon goes even when dispose fails: a live one would keep the test file from ending.
      await ex.dispose().finally(() => daemon.close())
    }
  })

  test('reconnect false: after a break every call is CONNECTION_BROKEN, even with the daemon back', async () => {
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, { ...ws, reconnect: false })
    try {
      await daemon.stop()
      await daemon.start()
      await sleep(100)
      await assert.rejects(ex.execute({ code: 'async () => 1' }), (e) => e.code === 'CONNECTION_BROKEN' && /reconnect is disabled/.test(e.message))
      assert.equal(ex.sessionsOpened, 1)
    } finally {
      // The daemon goes even when dispose fails: a live one would keep the test file from ending.
      await ex.dispose().finally(() => daemon.close())
    }
  })

  test('reconnect false still rotates', async () => {
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, { ...ws, reconnect: false, rotateAfterExecutions: 1 })
    try {
      for (let i = 0; i < 3; i++) assert.equal((await ex.execute({ code: `async () => ${i}` })).result, i)
      assert.equal(ex.sessionsOpened, 3)
    } finally {
      // The daemon goes even when dispose fails: a live one would keep the test file from ending.
      await ex.dispose().finally(() => daemon.close())
    }
  })
})

describe('the wire, read back from a fake server', () => {
  let fake
  before(async () => {
    fake = await startFakeServer()
  })
  after(async () => {
    await fake.close()
  })

  test('protocolVersion() is the first call on every session', async () => {
    fake.calls.length = 0
    const ex = await connect(fake.url, { ...ws, rotateAfterExecutions: 1 })
    await ex.execute({ code: 'a' })
    await ex.execute({ code: 'b' })
    await ex.dispose()
    assert.deepEqual(fake.calls.map((c) => c[0]), ['protocolVersion', 'execute', 'protocolVersion', 'execute'])
  })

  test('the request mapped onto execute(code, providers, options, dispatch, outboundMode, outbound?)', async () => {
    fake.calls.length = 0
    const ex = await connect(fake.url, ws)
    const fn = async () => ({ status: 200, statusText: '', headers: [], body: new ArrayBuffer(0) })
    const dispatch = async () => '{"result":1}'
    await ex.execute({ code: 'c1' })
    await ex.execute({ code: 'c2', outbound: null, timeout: null, countHostWaits: true, retainHandles: true })
    await ex.execute({ code: 'c3', outbound: fn, dispatch, providers: [{ name: 'p', tools: ['t'], positionalArgs: true }], modules: { './m.js': { json: [1] }, n: 'x' }, timeout: 5 })
    await ex.dispose()
    const [a, b, c] = fake.calls.filter((x) => x[0] === 'execute').map((x) => x.slice(1))
    assert.deepEqual(a, ['c1', [], {}, null, 'native'])
    assert.deepEqual(b, ['c2', [], { timeout: null, countHostWaits: true, retainHandles: true }, null, 'disabled'])
    assert.equal(c.length, 6)
    assert.deepEqual(c.slice(0, 3), ['c3', [{ name: 'p', tools: ['t'], positionalArgs: true }], { timeout: 5, modules: [['m', 'export default [1];'], ['n', 'x']] }])
    assert.equal(typeof c[3], 'function')
    assert.equal(c[4], 'stub')
    assert.equal(typeof c[5], 'function')
  })

  test('resultJson is parsed with parseForDispatch', async () => {
    const bin = await startFakeServer({
      answer: () => ({ resultJson: '{"b":{"__executor_binary_v1__":"Uint8Array","data":"AQI="}}', logs: [{ level: 'log', text: 'x' }] }),
    })
    const ex = await connect(bin.url, ws)
    const r = await ex.execute({ code: 'x' })
    assert.ok(r.result.b instanceof Uint8Array)
    assert.deepEqual([...r.result.b], [1, 2])
    assert.deepEqual(r.logs, [{ level: 'log', text: 'x' }])
    await ex.dispose()
    await bin.close()
  })

  test('a version mismatch rejects with PROTOCOL_MISMATCH and is never retried', async () => {
    const other = await startFakeServer({ version: 2 })
    let failure
    try {
      await (await connect(other.url, ws)).dispose()
    } catch (e) {
      failure = e
    }
    await other.close()
    assert.equal(failure?.code, 'PROTOCOL_MISMATCH')
    assert.equal(failure.message, 'This side speaks protocol version 1 and the other side speaks 2, and the handshake requires them equal. Connect to an executor of the same release.')
    assert.equal(other.connections.length, 1)
  })

  test('a version mismatch on a reconnect is not retried either', async () => {
    const daemon = await startDaemon()
    const ex = await connect(daemon.url, { ...ws, reconnect: { retries: 3, backoff: 50 } })
    await daemon.stop()
    await sleep(100)
    // The same path, now served by a server of another version.
    const { createServer } = await import('node:http')
    const { WebSocketServer } = await import('ws')
    const { RpcTarget, newWebSocketRpcSession } = await import('capnweb')
    let opened = 0
    class Api extends RpcTarget {
      protocolVersion() {
        return 9
      }
    }
    const http = createServer()
    const wss = new WebSocketServer({ server: http })
    wss.on('connection', (s) => {
      opened++
      newWebSocketRpcSession(s, new Api())
    })
    await new Promise((resolve) => http.listen(daemon.socket, resolve))
    try {
      await assert.rejects(ex.execute({ code: 'async () => 1' }), { code: 'PROTOCOL_MISMATCH' })
      assert.equal(opened, 1)
    } finally {
      await ex.dispose()
      for (const c of wss.clients) c.terminate()
      await new Promise((resolve) => wss.close(resolve))
      await new Promise((resolve) => http.close(resolve))
      await daemon.close()
    }
  })

  test('the handshake headers reach the server', async () => {
    fake.connections.length = 0
    const ex = await connect(fake.url, { ...ws, headers: { 'x-tenant': 'ada' } })
    await ex.dispose()
    assert.equal(fake.connections[0]['x-tenant'], 'ada')
  })
})

describe('a peer that breaks the protocol', () => {
  // 50 two-byte characters: under 100 code units yet past 123 bytes.
  for (const n of [50, 200]) test(`the close reason is the failure cut to the longest prefix of at most 123 bytes of UTF-8 (${n} é)`, async () => {
    const { createServer } = await import('node:http')
    const { WebSocketServer } = await import('ws')
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = mkdtempSync(join(tmpdir(), 'cm-raw-'))
    const http = createServer()
    const wss = new WebSocketServer({ server: http })
    const bogus = ['bogus', 'é'.repeat(n)]
    const closed = new Promise((resolve) => {
      wss.on('connection', (peer) => {
        peer.on('message', (data) => {
          // The version handshake answered, then a message no peer may send.
          if (String(data).startsWith('["pull",1]')) {
            peer.send('["resolve",1,1]')
            setTimeout(() => peer.send(JSON.stringify(bogus)), 20)
          }
        })
        peer.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
      })
    })
    await new Promise((resolve) => http.listen(join(dir, 'r.sock'), resolve))
    const ex = await connect(`unix://${join(dir, 'r.sock')}`, ws)
    try {
      const { code, reason } = await closed
      assert.equal(code, 3000)
      let want = `bad RPC message: ${JSON.stringify(bogus)}`
      while (Buffer.byteLength(want) > 123) want = want.slice(0, -1)
      assert.equal(reason, want)
    } finally {
      await ex.dispose()
      for (const c of wss.clients) c.terminate()
      await new Promise((resolve) => wss.close(resolve))
      await new Promise((resolve) => http.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

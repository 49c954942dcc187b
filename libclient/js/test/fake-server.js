// Test helper: a capnweb ExecutorApi server of our own on a unix socket,
// recording what the client sends, so the wire mapping can be read back.
import { createServer } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket, WebSocketServer } from 'ws'
import { RpcTarget, newWebSocketRpcSession } from 'capnweb'

// capnweb's WebSocket transport reads the global WebSocket's constants.
globalThis.WebSocket ??= WebSocket

export async function startFakeServer({ version = 1, answer, tcp = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cm-fake-'))
  const socket = join(dir, 'f.sock')
  const calls = []
  const connections = []
  class Api extends RpcTarget {
    protocolVersion() {
      calls.push(['protocolVersion'])
      return version
    }

    async execute(...args) {
      calls.push(['execute', ...args])
      if (answer) return answer(...args)
      return { resultJson: '1', logs: [] }
    }
  }
  const http = createServer()
  const wss = new WebSocketServer({ server: http })
  wss.on('connection', (ws, req) => {
    connections.push(req.headers)
    newWebSocketRpcSession(ws, new Api())
  })
  if (tcp) await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve))
  else await new Promise((resolve) => http.listen(socket, resolve))
  return {
    url: tcp ? `ws://127.0.0.1:${http.address().port}/` : `unix://${socket}`,
    calls,
    connections,
    async close() {
      for (const c of wss.clients) c.terminate()
      await new Promise((resolve) => wss.close(resolve))
      await new Promise((resolve) => http.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

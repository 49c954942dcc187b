// Ours through the JavaScript client package (codemode-executor-client,
// staged from libclient/js by make), over the daemon's unix socket with ws.
// One connection for the timed runs; one per client for throughput and the
// memory holds. The sandboxes are the daemon's children, so the memory
// figures are taken by the orchestrator from /proc (external: true).
import { callTool, packageVersion, serve } from './driver.mjs'

const url = process.env.CODEMODE_URL
const PROVIDERS = [{ name: 'tools', tools: ['add'] }]

serve(async () => {
  if (!url) throw new Error('CODEMODE_URL is not set')
  const { WebSocket } = await import('ws')
  const client = await import('codemode-executor-client')
  const dial = () => client.connect(url, { websocket: WebSocket })

  async function run(executor, code) {
    const state = { active: true }
    try {
      const { result, error } = await executor.execute({
        code,
        providers: PROVIDERS,
        dispatch: client.createEnvelopeDispatch(state, async (provider, tool, argsJson) =>
          callTool(client.parseDispatchArguments(argsJson)[0]),
        ),
        outbound: null,
      })
      if (error !== undefined) throw new Error(`ours: ${error}`)
      return result
    } finally {
      state.active = false
    }
  }

  async function dialMany(n) {
    const all = []
    for (let i = 0; i < n; i++) all.push(await dial())
    return all
  }
  const disposeAll = (all) => Promise.all(all.map((e) => e.dispose()))

  const main = await dial()
  const nowUs = () => Number(process.hrtime.bigint()) / 1000
  return {
    name: 'ours (JS client)',
    version: packageVersion('codemode-executor-client'),
    external: true,
    run: (code) => run(main, code),
    async throughput({ code, clients, ms }) {
      const all = await dialMany(clients)
      await Promise.all(all.map((e) => run(e, code))) // each connection's child is warm
      // and its first reset and the daemon's refill of spares are over, as in
      // the C driver (peer_bench.c, PEER_SETTLE_US)
      await new Promise((resolve) => setTimeout(resolve, 300))
      let count = 0
      const t0 = nowUs()
      const end = t0 + ms * 1000
      await Promise.all(
        all.map(async (e) => {
          while (nowUs() < end) {
            await run(e, code)
            count++
          }
        }),
      )
      const elapsed_us = nowUs() - t0
      await disposeAll(all)
      return { count, elapsed_us }
    },
    async holdIdle(n, code) {
      const all = await dialMany(n)
      await Promise.all(all.map((e) => run(e, code)))
      return { release: () => disposeAll(all) }
    },
    async holdLive(n, code) {
      const all = await dialMany(n)
      return { done: Promise.all(all.map((e) => run(e, code))).finally(() => disposeAll(all)) }
    },
    close: () => main.dispose(),
  }
})

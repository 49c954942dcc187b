// isolated-vm: a fresh V8 isolate and context per run, as a host that keeps
// tenants apart must do. The tool is a host Reference the guest calls with
// copied arguments and a promised, copied result.
import { createRequire } from 'node:module'

import { callTool, packageVersion, serve } from './driver.mjs'

const TOOLS = `globalThis.tools = { add: (args) => $0.apply(undefined, [args],
  { arguments: { copy: true }, result: { promise: true, copy: true } }) }`

serve(async () => {
  const ivm = createRequire(import.meta.url)('isolated-vm')
  // Handed over as a reference (arguments: { reference: true } wraps it).
  const tool = async (args) => callTool(args)

  function open() {
    const isolate = new ivm.Isolate({ memoryLimit: 128 })
    const context = isolate.createContextSync()
    context.evalClosureSync(TOOLS, [tool], { arguments: { reference: true } })
    return { isolate, context }
  }
  const start = ({ context }, code) => context.eval(`(${code})()`, { promise: true, copy: true })

  return {
    name: 'isolated-vm',
    version: packageVersion('isolated-vm'),
    async run(code) {
      const s = open()
      try {
        return await start(s, code)
      } finally {
        s.isolate.dispose()
      }
    },
    async holdIdle(n, code) {
      const kept = []
      for (let i = 0; i < n; i++) {
        const s = open()
        await start(s, code)
        kept.push(s)
      }
      return { release: async () => kept.forEach((s) => s.isolate.dispose()) }
    },
    holdLive(n, code) {
      const all = Array.from({ length: n }, open)
      const runs = all.map((s) => start(s, code))
      return { done: Promise.all(runs).finally(() => all.forEach((s) => s.isolate.dispose())) }
    },
  }
})

// pi-codemode (@earendil-works/pi-codemode): QuickJS in WebAssembly, a
// worker thread and a fresh VM per execution, as its CodemodeSandbox runs
// on Node. Its scripts are async function bodies, so the entry is called
// and awaited from one. It keeps no sandbox between executions, so it has
// no idle figure; live is an execution waiting on its tool.
import { callTool, packageVersion, serve } from './driver.mjs'

serve(async () => {
  const { CodemodeSandbox } = await import('@earendil-works/pi-codemode')
  const sandbox = new CodemodeSandbox({
    timeoutMs: 60_000,
    tools: [{ name: 'add', execute: async (args) => callTool(args) }],
  })
  async function run(code) {
    const r = await sandbox.execute(`return await (${code})()`)
    if (!r.ok) throw new Error(`pi-codemode: ${r.error.kind}: ${r.error.message}`)
    return r.value
  }
  return {
    name: 'pi-codemode',
    version: packageVersion('@earendil-works/pi-codemode'),
    run,
    holdLive(n, code) {
      return { done: Promise.all(Array.from({ length: n }, () => run(code))) }
    },
    close: () => sandbox.close(),
  }
})

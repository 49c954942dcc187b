// quickjs-emscripten: QuickJS compiled to WebAssembly (the release-sync
// build), a fresh runtime and context per run in this process; the wasm
// module itself is compiled once. The tool answers a QuickJS promise from
// the host, and the host drives the runtime's job queue after each answer.
import { callTool, packageVersion, serve } from './driver.mjs'

serve(async () => {
  const { getQuickJS } = await import('quickjs-emscripten')
  const QuickJS = await getQuickJS()

  // A host value into the context: numbers directly, anything else as JSON.
  function toHandle(ctx, v) {
    if (typeof v === 'number') return ctx.newNumber(v)
    return ctx.unwrapResult(ctx.evalCode(`(${JSON.stringify(v)})`))
  }

  function open() {
    const rt = QuickJS.newRuntime()
    const ctx = rt.newContext()
    const tools = ctx.newObject()
    const add = ctx.newFunction('add', (argHandle) => {
      const deferred = ctx.newPromise()
      Promise.resolve(callTool(ctx.dump(argHandle))).then(
        (v) => {
          const h = toHandle(ctx, v)
          deferred.resolve(h)
          h.dispose()
          deferred.dispose()
          rt.executePendingJobs()
        },
        (e) => {
          const h = ctx.newError(String(e?.message ?? e))
          deferred.reject(h)
          h.dispose()
          deferred.dispose()
          rt.executePendingJobs()
        },
      )
      return deferred.handle
    })
    ctx.setProp(tools, 'add', add)
    ctx.setProp(ctx.global, 'tools', tools)
    add.dispose()
    tools.dispose()
    return { rt, ctx }
  }

  async function start({ rt, ctx }, code) {
    const promise = ctx.unwrapResult(ctx.evalCode(`(${code})()`))
    const settled = ctx.resolvePromise(promise)
    promise.dispose()
    rt.executePendingJobs()
    const result = ctx.unwrapResult(await settled)
    const value = ctx.dump(result)
    result.dispose()
    return value
  }

  const close = ({ rt, ctx }) => {
    ctx.dispose()
    rt.dispose()
  }

  return {
    name: 'quickjs-emscripten',
    version: packageVersion('quickjs-emscripten'),
    async run(code) {
      const s = open()
      try {
        return await start(s, code)
      } finally {
        close(s)
      }
    },
    async holdIdle(n, code) {
      const kept = []
      for (let i = 0; i < n; i++) {
        const s = open()
        await start(s, code)
        kept.push(s)
      }
      return { release: async () => kept.forEach(close) }
    },
    holdLive(n, code) {
      const all = Array.from({ length: n }, open)
      const runs = all.map((s) => start(s, code))
      return { done: Promise.all(runs).finally(() => all.forEach(close)) }
    },
  }
})

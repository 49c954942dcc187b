// node:vm: a fresh context per run. Not a security boundary (the guest can
// reach the host's realm through any object it is handed); it is here as
// the floor, what running the program with no isolation at all costs.
import vm from 'node:vm'

import { callTool, serve } from './driver.mjs'

const newContext = () => vm.createContext({ tools: { add: (args) => callTool(args) } })

serve(async () => ({
  name: 'node:vm',
  version: process.version,
  run(code) {
    return vm.runInContext(`(${code})()`, newContext())
  },
  holdIdle(n, code) {
    const kept = []
    return (async () => {
      for (let i = 0; i < n; i++) {
        const ctx = newContext()
        await vm.runInContext(`(${code})()`, ctx)
        kept.push(ctx)
      }
      return { release: async () => kept.splice(0) }
    })()
  },
  holdLive(n, code) {
    const runs = Array.from({ length: n }, () => vm.runInContext(`(${code})()`, newContext()))
    return { done: Promise.all(runs) }
  },
}))

// What every JavaScript driver shares: the line protocol the orchestrator
// (../run.mjs) speaks on stdin/stdout, the timing loops, and the one tool.
// A peer's own file supplies only how it runs one program in a fresh
// sandbox (`run`), and how it keeps sandboxes idle or live for the memory
// figures.
//
// Requests, one JSON object a line:
//   {op:"hello"}                               -> {ok, name, version}
//   {op:"run", code, runs, budgetMs}           -> {ok, times_us: [...], value}
//   {op:"throughput", code, clients, ms}       -> {ok, count, elapsed_us}
//   {op:"memory", kind:"idle"|"live", code, n} -> {ok, uss_kib, rss_kib} per sandbox,
//        or {ok, held:true} when the sandboxes live outside this process
//        (ours: the orchestrator measures the daemon's children, then sends
//        {op:"release"}), or {ok, skipped:"why"}
// Any failure answers {ok:false, error}.
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'

import { toolAdd } from '../cases.mjs'

// The tool every peer exposes. During a live memory hold it answers only at
// release, so the runs stay in flight while they are measured.
let holding = null
export function callTool(args) {
  if (holding === null) return toolAdd(args)
  holding.arrived++
  if (holding.arrived === holding.want) holding.allArrived()
  return new Promise((resolve) => holding.waiters.push(() => resolve(toolAdd(args))))
}

const nowUs = () => Number(process.hrtime.bigint()) / 1000

// Private (USS) and resident (RSS) memory of this process, in KiB.
export function selfMemory() {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8')
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  return {
    uss_kib: field('Private_Clean') + field('Private_Dirty'),
    rss_kib: field('Rss'),
  }
}

async function settle() {
  // Twice: a first collection may only queue finalizers (wasm memories,
  // isolates) that a second one frees.
  for (let i = 0; i < 2; i++) {
    globalThis.gc?.()
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function timeRuns(peer, { code, runs, budgetMs }) {
  const times = []
  let value
  const end = nowUs() + budgetMs * 1000
  for (let i = 0; i < runs; i++) {
    const t0 = nowUs()
    value = await peer.run(code)
    times.push(nowUs() - t0)
    if (nowUs() > end && times.length >= 3) break
  }
  return { times_us: times, value }
}

async function throughput(peer, { code, clients, ms }) {
  if (peer.throughput) return peer.throughput({ code, clients, ms })
  let count = 0
  const t0 = nowUs()
  const end = t0 + ms * 1000
  const loop = async () => {
    while (nowUs() < end) {
      await peer.run(code)
      count++
    }
  }
  await Promise.all(Array.from({ length: clients }, loop))
  return { count, elapsed_us: nowUs() - t0 }
}

// Holds n sandboxes, measured from inside this process unless the peer's
// sandboxes live elsewhere (then the orchestrator measures and releases).
async function memory(peer, { kind, code, n }, next) {
  const hold = kind === 'idle' ? peer.holdIdle : peer.holdLive
  if (!hold) return { skipped: `${peer.name} keeps no ${kind} sandbox` }
  await settle()
  const before = selfMemory()
  let release
  if (kind === 'live') {
    let allArrived
    const arrived = new Promise((r) => (allArrived = r))
    holding = { want: n, arrived: 0, waiters: [], allArrived }
    const runs = await hold.call(peer, n, code)
    await arrived
    release = async () => {
      const h = holding
      holding = null
      h.waiters.forEach((w) => w())
      await runs.done
    }
  } else {
    release = (await hold.call(peer, n, code)).release
  }
  let answer
  if (peer.external) {
    answer = { held: true }
    await next(answer) // the orchestrator measures, then says release
  } else {
    await settle()
    const after = selfMemory()
    answer = {
      uss_kib: (after.uss_kib - before.uss_kib) / n,
      rss_kib: (after.rss_kib - before.rss_kib) / n,
    }
  }
  await release()
  return answer
}

export async function serve(load) {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
  const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n')
  let peer = null
  let loadError = null
  try {
    peer = await load()
  } catch (e) {
    loadError = e
  }
  for (;;) {
    const { value: line, done } = await lines.next()
    if (done) break
    let req
    try {
      req = JSON.parse(line)
      if (req.op === 'hello') {
        if (loadError) throw loadError
        send({ ok: true, name: peer.name, version: peer.version })
      } else if (req.op === 'run') {
        send({ ok: true, ...(await timeRuns(peer, req)) })
      } else if (req.op === 'throughput') {
        send({ ok: true, ...(await throughput(peer, req)) })
      } else if (req.op === 'memory') {
        const answer = await memory(peer, req, async (held) => {
          send({ ok: true, ...held })
          const r = await lines.next()
          if (r.done || JSON.parse(r.value).op !== 'release') throw new Error('expected release')
        })
        if (!answer.held) send({ ok: true, ...answer })
        else send({ ok: true, released: true })
      } else {
        throw new Error(`unknown op ${req.op}`)
      }
    } catch (e) {
      send({ ok: false, error: String(e?.stack ?? e) })
    }
  }
  await peer?.close?.()
  process.exit(0)
}

// The installed version of a package, for the report. run.sh copies the
// harness beside build/bench/peers/node_modules, so bare imports and this
// path resolve there, never in the tree.
export function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version
  } catch {
    return 'unknown'
  }
}

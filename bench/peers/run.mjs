// The orchestrator of make bench-peers (run.sh sets the stage): starts our
// daemon on a private socket, starts one driver process per peer, and runs
// every case on every driver interleaved in rounds (A B C ... A B C ...), so
// the machine's drift lands on every peer alike. Then throughput and memory,
// and the report: report.md, report.json and the chart's data.
//
// Environment: BENCH_OUT (where the report goes), CODEMODE_DAEMON,
// PEER_BENCH (the C driver), ROUNDS (3), QUICK=1 (a smoke run: one round,
// few runs), PEERS (a comma-separated subset of the drivers' keys below).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

import {
  CASES,
  MEMORY_IDLE_CODE,
  MEMORY_LIVE_CODE,
  THROUGHPUT_CLIENTS,
  THROUGHPUT_CODE,
  THROUGHPUT_MS,
} from './cases.mjs'

const OUT = process.env.BENCH_OUT
const DAEMON = process.env.CODEMODE_DAEMON
const PEER_BENCH = process.env.PEER_BENCH
const QUICK = process.env.QUICK === '1'
const ROUNDS = QUICK ? 1 : Number(process.env.ROUNDS ?? 3)
const DAEMON_ARGS = ['--log-level', 'warn']
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const here = new URL('.', import.meta.url).pathname
const log = (...a) => console.error('bench-peers:', ...a)

// ---- the daemon, on a socket of its own ----
const dir = mkdtempSync(join(tmpdir(), 'cm-bench-peers-'))
const socket = join(dir, 'd.sock')
const url = `unix://${socket}`
const daemon = spawn(DAEMON, ['--socket', socket, ...DAEMON_ARGS], { stdio: ['ignore', 'ignore', 'inherit'] })
for (let i = 0; i < 400 && !existsSync(socket); i++) await sleep(25)
if (!existsSync(socket)) throw new Error('the daemon did not start')

// ---- drivers ----
class Driver {
  constructor(key, argv, env = {}) {
    this.key = key
    this.proc = spawn(argv[0], argv.slice(1), {
      cwd: here,
      env: { ...process.env, CODEMODE_URL: url, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.stderr = ''
    this.proc.stderr.on('data', (d) => (this.stderr = (this.stderr + d).slice(-4000)))
    this.lines = createInterface({ input: this.proc.stdout })[Symbol.asyncIterator]()
    this.proc.on('error', (e) => (this.stderr += String(e)))
  }
  async ask(req, timeoutMs = 120_000) {
    this.proc.stdin.write(JSON.stringify(req) + '\n')
    return this.read(timeoutMs)
  }
  async read(timeoutMs = 120_000) {
    let timer
    const timeout = new Promise((_, rej) => {
      timer = setTimeout(() => rej(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      const r = await Promise.race([this.lines.next(), timeout])
      if (r.done) throw new Error(`the driver exited: ${this.stderr.trim().split('\n').slice(-3).join(' | ')}`)
      const answer = JSON.parse(r.value)
      if (!answer.ok) throw new Error(answer.error.split('\n')[0])
      return answer
    } finally {
      clearTimeout(timer)
    }
  }
  stop() {
    this.proc.stdin.end()
    setTimeout(() => this.proc.kill('SIGKILL'), 5000).unref()
  }
}

const node = [process.execPath, '--expose-gc']
// PEERS=ours-c,nodevm (say) runs those drivers only.
const ONLY = process.env.PEERS ? new Set(process.env.PEERS.split(',')) : null
const ALL_PEERS = [
  ['ours-c', [PEER_BENCH, url]],
  // The same C client on the in-process executor (CODEMODE_SANDBOX_IMAGE):
  // no daemon between the host and its children.
  ['ours-x', [PEER_BENCH, 'executor:']],
  ['ours-js', [...node, 'drivers/ours_js.mjs']],
  ['nodevm', [...node, 'drivers/nodevm.mjs']],
  ['isolatedvm', [...node, 'drivers/isolatedvm.mjs']],
  ['quickjs', [...node, 'drivers/quickjs.mjs']],
  ['picodemode', [...node, 'drivers/picodemode.mjs']],
]
const PEERS = ALL_PEERS.filter(([k]) => !ONLY || ONLY.has(k))

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, load_start: os.loadavg() },
  daemon: { args: DAEMON_ARGS },
  rounds: ROUNDS,
  peers: {},
  skipped: {},
  cases: {},
  throughput: {},
  memory: {},
}
const drivers = []
for (const [key, argv] of PEERS) {
  const d = new Driver(key, argv)
  try {
    const hello = await d.ask({ op: 'hello' }, 60_000)
    // One run of every case: warms the peer and checks its answer.
    for (const c of CASES) {
      const r = await d.ask({ op: 'run', code: c.code, runs: 1, budgetMs: 0 })
      if (JSON.stringify(r.value) !== JSON.stringify(c.expect))
        throw new Error(`${c.name} answered ${JSON.stringify(r.value)}, not ${JSON.stringify(c.expect)}`)
    }
    report.peers[key] = { name: hello.name, version: hello.version }
    drivers.push(d)
    log(`${key}: ${hello.name} ${hello.version}`)
  } catch (e) {
    report.skipped[key] = String(e.message ?? e)
    log(`${key}: skipped: ${report.skipped[key]}`)
    d.stop()
  }
}

// A driver that fails mid-sitting loses that figure only.
async function tryAsk(d, req, what) {
  try {
    return await d.ask(req)
  } catch (e) {
    log(`${d.key}: ${what}: ${e.message}`)
    ;(report.errors ??= []).push(`${d.key}: ${what}: ${e.message}`)
    return null
  }
}

// ---- the cases, interleaved ----
for (const c of CASES) report.cases[c.name] = { title: c.title, code: c.code, peers: {} }
for (let round = 0; round < ROUNDS; round++) {
  for (const c of CASES) {
    for (const d of drivers) {
      const runs = QUICK ? Math.min(c.runs, 10) : c.runs
      const r = await tryAsk(d, { op: 'run', code: c.code, runs, budgetMs: c.budgetMs }, c.name)
      if (r === null) continue
      const slot = (report.cases[c.name].peers[d.key] ??= { times_us: [] })
      slot.times_us.push(...r.times_us)
    }
  }
  log(`round ${round + 1}/${ROUNDS} of the cases done`)
}
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}
for (const c of CASES) {
  for (const slot of Object.values(report.cases[c.name].peers)) {
    slot.n = slot.times_us.length
    slot.median_us = quantile(slot.times_us, 0.5)
    slot.p99_us = quantile(slot.times_us, 0.99)
  }
}

// ---- throughput, interleaved the same way ----
for (let round = 0; round < ROUNDS; round++) {
  for (const clients of THROUGHPUT_CLIENTS) {
    for (const d of drivers) {
      const r = await tryAsk(
        d,
        { op: 'throughput', code: THROUGHPUT_CODE, clients, ms: QUICK ? 300 : THROUGHPUT_MS },
        `throughput at ${clients}`,
      )
      if (r === null || r.skipped) continue
      const slot = ((report.throughput[clients] ??= {})[d.key] ??= { rates: [] })
      slot.rates.push((r.count * 1e6) / r.elapsed_us)
    }
  }
  log(`round ${round + 1}/${ROUNDS} of throughput done`)
}
for (const byPeer of Object.values(report.throughput))
  for (const slot of Object.values(byPeer)) slot.per_s = quantile(slot.rates, 0.5)

// ---- the cliff: 64 clients against 8, in adjacent pairs ----
// The rows above space one client count's window from the next by every
// other peer's, and on a shared machine two windows seconds apart differed
// by up to 30% alone; a ratio wants its two sides side by side, so ours (C)
// runs CLIFF_PAIRS back-to-back pairs (8 then 64) and the check takes the
// median of the pairs' ratios.
const CLIFF_PAIRS = QUICK ? 1 : 2 * ROUNDS + 1
const cliffDriver = drivers.find((d) => d.key === 'ours-c')
if (cliffDriver) {
  const pairs = []
  for (let i = 0; i < CLIFF_PAIRS; i++) {
    const side = []
    for (const clients of [8, 64]) {
      const r = await tryAsk(
        cliffDriver,
        { op: 'throughput', code: THROUGHPUT_CODE, clients, ms: QUICK ? 300 : THROUGHPUT_MS },
        `cliff pair at ${clients}`,
      )
      if (r === null || r.skipped) break
      side.push((r.count * 1e6) / r.elapsed_us)
    }
    if (side.length === 2) pairs.push({ at8: side[0], at64: side[1], ratio: side[1] / side[0] })
  }
  if (pairs.length) report.cliff = { pairs, ratio: quantile(pairs.map((p) => p.ratio), 0.5) }
  log(`cliff: ${pairs.length} pairs of 8 and 64 clients done`)
}

// ---- the tail: ours alone ----
// The cases' p99 interleaves every peer, so each of our cells starts right
// after another sandbox had the machine (spec/operations.md, "After a
// pause"). Issue 21 asks for the trivial run's p99 on a quiet machine: the
// C client runs it alone here, after a second of idle, over enough runs
// (TAIL_RUNS) that a connection's child is replaced (every --reuse-runs,
// 1000) at least twice, and the load average at the end says how quiet
// the machine was.
const TAIL_RUNS = QUICK ? 100 : 3000
const TAIL_IDLE_MS = 1000
const trivial = CASES.find((c) => c.name === 'trivial')
if (cliffDriver && trivial) {
  await sleep(TAIL_IDLE_MS)
  const r = await tryAsk(cliffDriver, { op: 'run', code: trivial.code, runs: TAIL_RUNS, budgetMs: 60_000 }, 'tail')
  if (r !== null) {
    const xs = r.times_us
    const median = quantile(xs, 0.5)
    report.tail = {
      n: xs.length,
      median_us: median,
      p99_us: quantile(xs, 0.99),
      max_us: Math.max(...xs),
      slow: xs.filter((x) => x > 3 * median).length,
      load: os.loadavg()[0],
    }
  }
  log('tail done')
}

// ---- memory per sandbox ----
// /proc/<pid>/smaps_rollup: USS = private clean + private dirty; RSS.
function memoryOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
    return { uss_kib: field('Private_Clean') + field('Private_Dirty'), rss_kib: field('Rss') }
  } catch {
    return null
  }
}
function childrenOf(pid) {
  const kids = []
  try {
    for (const t of readdirSync(`/proc/${pid}/task`))
      kids.push(...readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
  } catch {}
  return kids
}
// The daemon's children are its zygotes; a zygote's children are the
// sandboxes (staying children, spares, live runs). Returns the sandboxes.
const sandboxes = () => childrenOf(daemon.pid).flatMap(childrenOf)

// Each measurement gets a fresh driver process that ran nothing but one
// trivial run: in a process that ran the CPU cases, a wasm memory or a V8
// heap already grown would hide the sandboxes' growth. The C driver has no
// memory op (same children as the JavaScript one), so ours is measured
// once, through ours-js.
const MEMORY_N = { idle: 8, live: 2 } // ours: 8 connections stay (under max-kept), 2 workers run
const MEMORY_N_INPROCESS = { idle: 32, live: 32 }
const argvOf = Object.fromEntries(PEERS)
for (const d of drivers) {
  if (d.key === 'ours-c' || d.key === 'ours-x') continue
  for (const kind of ['idle', 'live']) {
    const external = d.key.startsWith('ours')
    const n = external ? MEMORY_N[kind] : MEMORY_N_INPROCESS[kind]
    const code = kind === 'idle' ? MEMORY_IDLE_CODE : MEMORY_LIVE_CODE
    const fresh = new Driver(d.key, argvOf[d.key])
    try {
      const r0 = (await tryAsk(fresh, { op: 'hello' }, 'memory hello')) && (await tryAsk(fresh, { op: 'run', code: MEMORY_IDLE_CODE, runs: 1, budgetMs: 0 }, 'memory warm-up'))
      if (!r0) continue
      const r = await tryAsk(fresh, { op: 'memory', kind, code, n }, `memory ${kind}`)
      if (r === null) continue
      const slot = (report.memory[d.key] ??= {})
      if (r.skipped) {
        slot[kind] = { skipped: r.skipped }
      } else if (r.held) {
        // The sandboxes are the zygote's children: the held ones, spares
        // forked ahead of demand, children of connections just closed. The
        // held ones are told apart by ending when their connections close.
        const during = new Map(sandboxes().map((pid) => [pid, memoryOf(pid)]))
        await tryAsk(fresh, { op: 'release' }, `memory ${kind} release`)
        await sleep(500)
        const after = new Set(sandboxes())
        let mems = [...during].filter(([pid, m]) => m && !after.has(pid)).map(([, m]) => m)
        const basis = mems.length ? 'the children that ended with their connections' : 'every child of the zygote'
        if (!mems.length) mems = [...during.values()].filter(Boolean)
        const avg = (f) => mems.reduce((sum, m) => sum + m[f], 0) / mems.length
        slot[kind] = { n, processes: mems.length, basis, uss_kib: avg('uss_kib'), rss_kib: avg('rss_kib') }
      } else {
        slot[kind] = { n, uss_kib: r.uss_kib, rss_kib: r.rss_kib }
      }
    } finally {
      fresh.stop()
    }
  }
}
log('memory done')

for (const d of drivers) d.stop()
daemon.kill('SIGTERM')
rmSync(dir, { recursive: true, force: true })

// ---- the report ----
report.machine.load_end = os.loadavg()
report.elapsed_s = Math.round(process.uptime())
const OURS = 'ours-c'
const order = PEERS.map(([k]) => k).filter((k) => report.peers[k])
const fmtTime = (us) =>
  us === undefined ? '–' : us >= 1e6 ? `${(us / 1e6).toFixed(2)} s` : us >= 1e3 ? `${(us / 1e3).toFixed(us >= 1e5 ? 0 : 2)} ms` : `${us.toFixed(0)} µs`
const fmtRatio = (x) => (x === undefined || !isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2))
const name = (k) => (k.startsWith('ours') ? report.peers[k].name : `${report.peers[k].name} ${report.peers[k].version}`)

const ratio = (caseName, k) => {
  const p = report.cases[caseName].peers
  return p[k]?.median_us / p[OURS]?.median_us
}
const md = []
md.push(`# make bench-peers`, '')
md.push(
  `${report.date}, ${report.machine.cpus} CPUs (load average ${report.machine.load_start[0].toFixed(1)} at the start, ${report.machine.load_end[0].toFixed(1)} at the end), Node ${report.machine.node}, ${report.elapsed_s} s; ` +
    `${ROUNDS} interleaved rounds; our daemon with its default flags (${DAEMON_ARGS.join(' ')}) on a private unix socket, one connection.`,
  '',
)
md.push(`Versions: ${order.map((k) => `${report.peers[k].name} ${report.peers[k].version}`).join(', ')}.`, '')
md.push('Median time of one execution, and the ratio peer ÷ ours (C client): above 1 means ours is faster (for ours through the JS client, the ratio is JS ÷ C; for the C client on the in-process executor, executor ÷ daemon, below 1 when the executor is faster). Each peer runs in a fresh sandbox per execution (node:vm a fresh context, isolated-vm a fresh isolate, quickjs-emscripten a fresh runtime, pi-codemode its worker per execution).', '')
md.push(`| case | ${order.map(name).join(' | ')} |`)
md.push(`|---|${order.map(() => '---|').join('')}`)
for (const c of CASES) {
  const cells = order.map((k) => {
    const s = report.cases[c.name].peers[k]
    if (!s) return '–'
    return k === OURS ? `${fmtTime(s.median_us)}` : `${fmtTime(s.median_us)} (${fmtRatio(ratio(c.name, k))})`
  })
  md.push(`| ${c.title} | ${cells.join(' | ')} |`)
}
md.push('', 'Runs per cell (all rounds) and p99:', '')
md.push(`| case | ${order.map(name).join(' | ')} |`)
md.push(`|---|${order.map(() => '---|').join('')}`)
for (const c of CASES)
  md.push(`| ${c.title} | ${order.map((k) => { const s = report.cases[c.name].peers[k]; return s ? `n=${s.n}, p99 ${fmtTime(s.p99_us)}` : '–' }).join(' | ')} |`)

md.push('', `Throughput of \`${THROUGHPUT_CODE}\`, executions/s (median of ${ROUNDS} rounds of ${THROUGHPUT_MS} ms), and the ratio ours (C client) ÷ peer: above 1 means ours is faster. A client is a connection of its own for ours, a loop of fresh sandboxes in the driver's process for a peer.`, '')
md.push(`| clients | ${order.map(name).join(' | ')} |`)
md.push(`|---|${order.map(() => '---|').join('')}`)
for (const clients of THROUGHPUT_CLIENTS) {
  const row = report.throughput[clients] ?? {}
  md.push(`| ${clients} | ${order.map((k) => (row[k] ? (k === OURS ? `${row[k].per_s.toFixed(0)}` : `${row[k].per_s.toFixed(0)} (${fmtRatio(row[OURS]?.per_s / row[k].per_s)})`) : '–')).join(' | ')} |`)
}

md.push('', 'Memory per sandbox, KiB: USS (private clean + dirty) / RSS, from /proc/<pid>/smaps_rollup. Ours: the average over the children that served n connections kept open after one run (idle) or n runs waiting on a tool (live), told apart from spares by ending when their connections close. A peer: the growth of a fresh driver process holding n sandboxes, idle after one run or live waiting on a tool, divided by n (after two garbage collections).', '')
md.push('| peer | idle USS | idle RSS | live USS | live RSS |')
md.push('|---|---|---|---|---|')
for (const k of order.filter((k) => k !== OURS && k !== 'ours-x')) {
  const m = report.memory[k] ?? {}
  const cell = (kind, f) => (m[kind]?.skipped ? 'n/a' : m[kind]?.[f] !== undefined ? `${m[kind][f].toFixed(0)}${f === 'uss_kib' ? ` (n=${m[kind].n}${m[kind].processes !== undefined ? `, ${m[kind].processes} processes` : ''})` : ''}` : '–')
  md.push(`| ${k === 'ours-js' ? 'ours (the daemon\'s children)' : name(k)} | ${cell('idle', 'uss_kib')} | ${cell('idle', 'rss_kib')} | ${cell('live', 'uss_kib')} | ${cell('live', 'rss_kib')} |`)
}

// The issue's targets, each with the figure it rests on.
const targets = []
const t = (ok, text) => targets.push(`- ${ok === undefined ? '?' : ok ? 'met' : '**missed**'}: ${text}`)
const r1 = ratio('trivial', 'quickjs')
t(r1 === undefined ? undefined : r1 >= 1.5, `trivial run ≥ 1.5× faster than quickjs-emscripten's fresh runtime: ${fmtRatio(r1)}×`)
const r2 = ratio('trivial', 'isolatedvm')
t(r2 === undefined || isNaN(r2) ? undefined : r2 >= 10, `trivial run ≥ 10× faster than a fresh isolated-vm isolate: ${fmtRatio(r2)}×`)
const r3 = ratio('tools10', 'quickjs'), r4 = ratio('tools10', 'isolatedvm')
t(isNaN(r3) ? undefined : r3 > 1, `ten tool calls faster than quickjs-emscripten: ${fmtRatio(r3)}×`)
t(isNaN(r4) ? undefined : r4 > 1, `ten tool calls faster than isolated-vm: ${fmtRatio(r4)}×`)
// The in-process executor, against the same peer (peer ÷ ours-x).
const rx = report.cases.tools10.peers['ours-x'] && report.cases.tools10.peers.quickjs
  ? report.cases.tools10.peers.quickjs.median_us / report.cases.tools10.peers['ours-x'].median_us : undefined
t(rx === undefined ? undefined : rx > 1, `ten tool calls through the in-process executor faster than quickjs-emscripten: ${fmtRatio(rx)}×`)
for (const clients of [8, 64]) {
  const x = report.throughput[clients]?.[OURS]?.per_s
  t(x === undefined ? undefined : x >= 4000, `≥ 4,000 trivial executions/s at ${clients} clients: ${x?.toFixed(0)}/s`)
}
// No cliff past the staying children: 64 connections keep 80% of 8's rate,
// measured in adjacent pairs (above); the rows' medians are quoted beside it.
const at8 = report.throughput[8]?.[OURS]?.per_s, at64 = report.throughput[64]?.[OURS]?.per_s
const rows = at8 && at64 !== undefined ? `${(100 * at64 / at8).toFixed(0)}%` : '–'
const cliff = report.cliff?.ratio
t(cliff === undefined ? undefined : cliff >= 0.8, `trivial executions/s at 64 clients ≥ 80% of 8's: ${cliff === undefined ? '–' : (100 * cliff).toFixed(0)}% (median of ${report.cliff?.pairs.length ?? 0} adjacent pairs, ${report.cliff?.pairs.map((p) => (100 * p.ratio).toFixed(0) + '%').join(', ') ?? ''}; the table's medians: ${rows})`)
const idle = report.memory['ours-js']?.idle?.uss_kib
t(idle === undefined ? undefined : idle <= 4096, `≤ 4 MiB private memory per idle staying child: ${idle === undefined ? '–' : (idle / 1024).toFixed(2)} MiB`)
const tail = report.tail
t(tail === undefined ? undefined : tail.p99_us <= 3 * tail.median_us, `trivial run's p99 ≤ 3× its median, ours alone: ${tail === undefined ? '–' : `${fmtRatio(tail.p99_us / tail.median_us)}× (p99 ${fmtTime(tail.p99_us)}, median ${fmtTime(tail.median_us)}, max ${fmtTime(tail.max_us)}, ${tail.slow} of ${tail.n} runs past 3×; load average ${tail.load.toFixed(1)} at its end)`}`)
report.targets = targets
md.push('', '## Targets (issue 21)', '', ...targets)
if (Object.keys(report.skipped).length) {
  md.push('', '## Skipped', '')
  for (const [k, why] of Object.entries(report.skipped)) md.push(`- ${k}: ${why}`)
}
if (report.errors?.length) md.push('', '## Errors', '', ...report.errors.map((e) => `- ${e}`))
md.push('', 'Reproduce: `make bench-peers` (writes build/bench/report.md, report.json, report.png).', '')

writeFileSync(join(OUT, 'report.md'), md.join('\n'))
writeFileSync(join(OUT, 'report.json'), JSON.stringify(report, null, 1))
// The chart's data, tab-separated: one row per case, the ratio of each
// peer (ours C = 1).
const others = order.filter((k) => k !== OURS && k !== 'ours-x')
const dat = [['case', ...others.map(name)].join('\t')]
for (const c of CASES) dat.push([c.title.replace(/`/g, ''), ...others.map((k) => fmtRatio(ratio(c.name, k)).replace('–', 'NaN'))].join('\t'))
writeFileSync(join(OUT, 'report.dat'), dat.join('\n') + '\n')
console.log(md.join('\n'))

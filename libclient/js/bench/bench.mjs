// Per-execution and per-tool-call cost of the JavaScript client package,
// against a daemon this script starts on a private unix socket.
//
//   node bench.mjs [--runs N] [--rounds R] [--warm W] [--case trivial|tools10] NAME=DIR ...
//   make bench-js [JS_BENCH_BASE=/path/to/other/libclient/js]
//
// Each DIR is a staged package (src/ with its generated spec.js, as make
// js-stage leaves it in build/jsclient/package) whose ancestors hold
// node_modules with capnweb and ws. The packages run interleaved, one
// connection each (A B A B ...), so a loaded machine's drift falls on all of
// them alike; medians per round and the ratio to the first are printed.
// CODEMODE_DAEMON names the daemon binary (default build/codemode-executord).
// Each package first runs W executions of each case (default 1000): V8
// compiles the hot paths in the background for the first few hundred, and
// that compiling, billed to this process, would otherwise dominate the CPU
// figures of the first rounds.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const args = process.argv.slice(2)
let runs = 400
let rounds = 3
let warm = 1000
let only = null
const pkgs = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i])
  else if (args[i] === '--rounds') rounds = Number(args[++i])
  else if (args[i] === '--case') only = args[++i]
  else if (args[i] === '--warm') warm = Number(args[++i])
  else {
    const eq = args[i].indexOf('=')
    pkgs.push({ name: args[i].slice(0, eq), dir: resolve(args[i].slice(eq + 1)) })
  }
}
if (pkgs.length === 0) {
  console.error('usage: node bench.mjs [--runs N] [--rounds R] [--warm W] [--case C] NAME=DIR ...')
  process.exit(2)
}

const CASES = [
  { name: 'trivial', code: 'async () => 6 * 7', expect: 42 },
  {
    name: 'tools10',
    code: 'async () => { let s = 0; for (let i = 0; i < 10; i++) s += await tools.add({ a: i, b: 1 }); return s }',
    expect: 55,
  },
].filter((c) => only === null || c.name === only)
const PROVIDERS = [{ name: 'tools', tools: ['add'] }]

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const dir = mkdtempSync(join(tmpdir(), 'cm-jsbench-'))
const socket = join(dir, 'd.sock')
const daemon = spawn(process.env.CODEMODE_DAEMON ?? 'build/codemode-executord',
  ['--socket', socket, '--max-workers', '2', '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] })
try {
  for (let i = 0; i < 200 && !existsSync(socket); i++) await sleep(25)
  if (!existsSync(socket)) throw new Error('the daemon did not start')

  for (const p of pkgs) {
    const url = pathToFileURL(join(p.dir, 'src', 'index.js')).href
    p.client = await import(url)
    const { WebSocket } = createRequire(join(p.dir, 'src', 'index.js'))('ws')
    p.ex = await p.client.connect(`unix://${socket}`, { websocket: WebSocket })
    p.med = {}
    p.cpu = {}
    p.blockWall = {}
    p.blockCpu = {}
  }

  const run = async (p, code) => {
    const state = { active: true }
    const { client } = p
    try {
      const { result, error } = await p.ex.execute({
        code,
        providers: PROVIDERS,
        dispatch: client.createEnvelopeDispatch(state, async (_provider, _tool, argsJson) => {
          const a = client.parseDispatchArguments(argsJson)[0]
          return a.a + a.b
        }),
        outbound: null,
      })
      if (error !== undefined) throw new Error(error)
      return result
    } finally {
      state.active = false
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b)
    return s[s.length >> 1]
  }
  const now = () => Number(process.hrtime.bigint()) / 1000

  for (const c of CASES) for (const p of pkgs) for (let i = 0; i < warm; i++) await run(p, c.code)
  // A round runs each case for `runs` executions per package, in blocks
  // of BLOCK executions taken in turn (A B A B ...), so drift within a
  // round falls on every package alike. Wall time is per execution; CPU is
  // this process's (user + system) per execution over a block, the part
  // of the cost that is the client's alone.
  const BLOCK = 20
  for (let r = 0; r < rounds; r++) {
    for (const c of CASES) {
      const wall = new Map(pkgs.map((p) => [p, []]))
      const cpu = new Map(pkgs.map((p) => [p, []]))
      for (let done = 0; done < runs; done += BLOCK) {
        for (const p of pkgs) {
          const c0 = process.cpuUsage()
          for (let i = 0; i < BLOCK; i++) {
            const t0 = now()
            const v = await run(p, c.code)
            wall.get(p).push(now() - t0)
            if (v !== c.expect) throw new Error(`${p.name} ${c.name}: ${v}`)
          }
          const d = process.cpuUsage(c0)
          cpu.get(p).push((d.user + d.system) / BLOCK)
          const w = wall.get(p)
          ;(p.blockWall[c.name] ??= []).push(w.slice(-BLOCK).reduce((a, b) => a + b, 0) / BLOCK)
          ;(p.blockCpu[c.name] ??= []).push((d.user + d.system) / BLOCK)
        }
      }
      for (const p of pkgs) {
        ;(p.med[c.name] ??= []).push(median(wall.get(p)))
        ;(p.cpu[c.name] ??= []).push(median(cpu.get(p)))
      }
    }
    const line = CASES.map((c) => `${c.name}: ` + pkgs.map((p) =>
      `${p.name} ${p.med[c.name][r].toFixed(0)} µs (cpu ${p.cpu[c.name][r].toFixed(0)})`).join(', '))
    console.log(`round ${r + 1} (load ${loadavg()[0].toFixed(2)}) ${line.join(' | ')}`)
  }
  console.log('medians of the rounds, wall and client CPU per execution, ratio to the first:')
  for (const c of CASES) {
    const base = median(pkgs[0].med[c.name])
    const cbase = median(pkgs[0].cpu[c.name])
    console.log(`${c.name}: ` + pkgs.map((p) => {
      const m = median(p.med[c.name])
      const u = median(p.cpu[c.name])
      return `${p.name} ${m.toFixed(0)} µs (${(m / base).toFixed(2)}x), cpu ${u.toFixed(0)} µs (${(u / cbase).toFixed(2)}x)`
    }).join(' | '))
  }
  // Each block against the first package's block beside it: the load
  // of the moment falls on both, so the median of these ratios is the
  // steadier comparison on a shared machine.
  if (pkgs.length > 1) {
    console.log('median of paired block ratios (each block against the first package\'s beside it):')
    for (const c of CASES) {
      const ratio = (key, p) => median(p[key][c.name].map((v, i) => v / pkgs[0][key][c.name][i]))
      console.log(`${c.name}: ` + pkgs.slice(1).map((p) =>
        `${p.name} wall ${ratio('blockWall', p).toFixed(3)}x, cpu ${ratio('blockCpu', p).toFixed(3)}x` +
        ` (${p.blockCpu[c.name].length} blocks)`).join(' | '))
    }
  }
  for (const p of pkgs) await p.ex.dispose()
} finally {
  daemon.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}

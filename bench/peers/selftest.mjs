// The harness's own check, run by tests/bench_peers.test.sh in make check
// (no npm, no peers): drives one driver command through the line protocol
// and prints "ok - ..." / "FAIL - ..." lines. Every case of cases.mjs must
// answer its expected value with the asked number of timings; throughput
// must count executions; a throwing program and an unknown op must answer
// ok:false and leave the driver serving; with --memory, the idle and live
// holds must answer (figures for an in-process driver).
//
//   node bench/peers/selftest.mjs [--memory] -- DRIVER ARGV...
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import { CASES, MEMORY_IDLE_CODE, MEMORY_LIVE_CODE, THROUGHPUT_CODE } from './cases.mjs'

const sep = process.argv.indexOf('--')
const memory = process.argv.slice(2, sep).includes('--memory')
const argv = process.argv.slice(sep + 1)
const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] })
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
let failed = 0
const ok = (cond, what, detail = '') => {
  if (!cond) failed++
  console.log(`${cond ? 'ok' : 'FAIL'} - ${what}${cond || !detail ? '' : `: ${detail}`}`)
}
async function ask(req) {
  child.stdin.write(JSON.stringify(req) + '\n')
  const timeout = new Promise((_, rej) => setTimeout(() => rej(new Error('no answer in 60 s')), 60_000).unref())
  const r = await Promise.race([lines.next(), timeout])
  if (r.done) throw new Error('the driver exited')
  return JSON.parse(r.value)
}

try {
  const hello = await ask({ op: 'hello' })
  ok(hello.ok && typeof hello.name === 'string', 'hello names the peer', JSON.stringify(hello))
  for (const c of CASES) {
    const r = await ask({ op: 'run', code: c.code, runs: 2, budgetMs: 60_000 })
    ok(r.ok && JSON.stringify(r.value) === JSON.stringify(c.expect), `${c.name} answers ${c.expect}`, JSON.stringify(r).slice(0, 300))
    ok(r.ok && r.times_us.length === 2 && r.times_us.every((t) => t > 0), `${c.name} gives one positive timing a run`)
  }
  const t = await ask({ op: 'throughput', code: THROUGHPUT_CODE, clients: 2, ms: 200 })
  if (t.ok && typeof t.skipped === 'string')
    ok(!('count' in t), 'throughput, where the driver has none, says why and counts nothing', JSON.stringify(t))
  else
    ok(t.ok && t.count > 0 && t.elapsed_us >= 200_000, 'throughput counts executions over at least its window', JSON.stringify(t))
  const bad = await ask({ op: 'run', code: 'async () => { throw new Error("boom") }', runs: 1, budgetMs: 1000 })
  ok(!bad.ok && /boom/.test(bad.error), 'a throwing program answers ok:false with its error', JSON.stringify(bad))
  const unknown = await ask({ op: 'nonsense' })
  ok(!unknown.ok, 'an unknown op answers ok:false', JSON.stringify(unknown))
  const again = await ask({ op: 'run', code: CASES[0].code, runs: 1, budgetMs: 1000 })
  ok(again.ok && again.value === CASES[0].expect, 'the driver serves on after failures', JSON.stringify(again))
  if (memory) {
    for (const [kind, code] of [['idle', MEMORY_IDLE_CODE], ['live', MEMORY_LIVE_CODE]]) {
      const m = await ask({ op: 'memory', kind, code, n: 4 })
      ok(m.ok && Number.isFinite(m.uss_kib) && Number.isFinite(m.rss_kib), `a ${kind} memory hold answers its figures`, JSON.stringify(m))
    }
  }
} catch (e) {
  ok(false, 'the driver answers', String(e.message))
}
child.stdin.end()
console.log(`selftest: ${failed === 0 ? 'clean' : `${failed} failed`}`)
process.exit(failed === 0 ? 0 : 1)

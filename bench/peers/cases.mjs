// The cases of make bench-peers, in one place: every driver runs exactly
// these programs and gets exactly this tool, so a ratio compares engines and
// transports, never two different workloads.
//
// Each `code` is an entry as the protocol has it (`async () => ...`); a
// driver whose peer wants another form (pi-codemode's function body, a
// script for node:vm) wraps it, never rewrites it. The guest reaches the one
// tool as `tools.add({ a, b })`, which answers a + b: the provider is named
// `tools` so that pi-codemode's own `tools.<name>` needs no shim.

export const TOOL_PROVIDER = 'tools'
export const TOOL_NAME = 'add'
export const toolAdd = (args) => args.a + args.b

// runs: executions per round and peer; budgetMs: a round of one peer stops
// early past this, so a peer 300x slower does not stretch the sitting (its
// median then rests on fewer runs, reported as `n`).
export const CASES = [
  {
    name: 'trivial',
    title: '`async () => 6*7`',
    code: 'async () => 6 * 7',
    expect: 42,
    runs: 200,
    budgetMs: 1500,
  },
  {
    name: 'tools10',
    title: '10 awaited tool calls',
    code:
      'async () => { let s = 0; for (let i = 0; i < 10; i++) s += await tools.add({ a: i, b: 1 }); return s }',
    expect: 55,
    runs: 200,
    budgetMs: 1500,
  },
  {
    name: 'sort100k',
    title: 'sort of 100k numbers',
    // A fixed LCG so every engine sorts the same numbers; the comparator is
    // the one a model writes.
    code:
      'async () => { const a = new Array(100000); let x = 12345; for (let i = 0; i < a.length; i++) { x = (x * 48271) % 2147483647; a[i] = x } a.sort((p, q) => p - q); return a[0] + a[50000] + a[99999] }',
    expect: null, // filled in below from the same program run here
    runs: 20,
    budgetMs: 2500,
  },
  {
    name: 'json1m',
    title: 'JSON round trip of 1.2 MB',
    // 10,000 records of ~120 bytes each: JSON.stringify then JSON.parse.
    code:
      'async () => { const rows = []; for (let i = 0; i < 10000; i++) rows.push({ id: i, name: "user-" + i, email: "user" + i + "@example.com", tags: ["alpha", "beta", "gamma"], score: i * 0.5, active: i % 2 === 0 }); const text = JSON.stringify(rows); const back = JSON.parse(text); return text.length + back.length }',
    expect: null,
    runs: 20,
    budgetMs: 2500,
  },
]

// The expected answers of the CPU cases come from running their programs in
// this Node process, so a driver that answers wrongly is caught and nobody
// hand-copies a number.
for (const c of CASES) {
  if (c.expect === null) c.expect = await (0, eval)('(' + c.code + ')')()
}

// Throughput: the trivial program, at these many clients (each its own
// connection for ours, its own loop of fresh sandboxes for a peer).
export const THROUGHPUT_CLIENTS = [1, 2, 8, 64]
export const THROUGHPUT_CODE = CASES[0].code
export const THROUGHPUT_MS = 800

// Memory per sandbox: a sandbox idle (it ran the trivial program and is
// kept) and live (a run waiting on a tool that answers only after the
// measurement).
export const MEMORY_IDLE_CODE = CASES[0].code
export const MEMORY_LIVE_CODE = 'async () => await tools.add({ a: 1, b: 2 })'

// The real capnweb 0.12.0 client against our daemon, over its unix socket.
// Usage: node interop.mjs SOCKET_PATH
import { WebSocket } from 'ws';
import { newWebSocketRpcSession } from 'capnweb';

// capnweb reads the global WebSocket even when handed a socket (Node 20).
globalThis.WebSocket = WebSocket;

const socketPath = process.argv[2];
let passed = 0;
let failed = 0;

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}: ${e && e.stack || e}`);
  }
}

function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: expected ${b}, got ${a}`);
}

function connect() {
  const ws = new WebSocket(`ws+unix://${socketPath}:/`);
  return newWebSocketRpcSession(ws);
}

const api = connect();

await check('protocolVersion() is 1', async () => {
  eq(await api.protocolVersion(), 1, 'version');
});

await check('execute returns resultJson', async () => {
  const r = await api.execute('async () => 6 * 7', [], {}, null, 'disabled');
  eq(r.resultJson, '42', 'resultJson');
  eq(r.logs, [], 'logs');
});

await check('an unknown outbound mode is PROTOCOL_MISMATCH', async () => {
  try {
    await api.execute('async () => 1', [], {}, null, 'telepathy');
    throw new Error('no rejection');
  } catch (e) {
    eq(e.code, 'PROTOCOL_MISMATCH', 'code');
    if (!/telepathy/.test(e.message)) throw new Error(`message: ${e.message}`);
  }
});

await check('stub mode without its function is PROTOCOL_MISMATCH', async () => {
  try {
    await api.execute('async () => 1', [], {}, null, 'stub');
    throw new Error('no rejection');
  } catch (e) {
    eq(e.code, 'PROTOCOL_MISMATCH', 'code');
  }
});

await check('a bad provider name fails in the envelope', async () => {
  const r = await api.execute('async () => 1', [{ name: 'fetch-tool', tools: [] }], {}, null, 'disabled');
  if (typeof r.error !== 'string' || r.resultJson !== undefined) throw new Error(JSON.stringify(r));
});

await check('invokeHandle on an unknown execution is HANDLES_CLOSED', async () => {
  try {
    await api.invokeHandle('nope', 'fetch', { method: 'GET', url: 'https://x/', headers: [], body: null });
    throw new Error('no rejection');
  } catch (e) {
    eq(e.code, 'HANDLES_CLOSED', 'code');
  }
});

await check('closeHandles on an unknown execution is HANDLES_CLOSED', async () => {
  try {
    await api.closeHandles('nope');
    throw new Error('no rejection');
  } catch (e) {
    eq(e.code, 'HANDLES_CLOSED', 'code');
  }
});

await check('a run past its bound reports the timeout text', async () => {
  const r = await api.execute('async () => { for (;;) {} }', [], { timeout: 200 }, null, 'disabled');
  eq(r.error, 'Execution timed out at its 200 ms bound. Do less work per run and return the part that is already finished.', 'error');
});

await check('concurrent executions on one session', async () => {
  const runs = [];
  for (let i = 0; i < 8; i++) runs.push(api.execute(`async () => ${i} * 2`, [], {}, null, 'disabled'));
  const rs = await Promise.all(runs);
  eq(rs.map((r) => r.resultJson), ['0', '2', '4', '6', '8', '10', '12', '14'], 'results');
});

await check('a JavaScript dispatch function serves the tool calls', async () => {
  const seen = [];
  const dispatch = async (provider, tool, argsJson) => {
    seen.push([provider, tool, argsJson]);
    // The empty string is an empty argument list (the dispatch grammar).
    return JSON.stringify({ result: { tool, args: argsJson === '' ? [] : JSON.parse(argsJson) } });
  };
  const r = await api.execute(
    `async () => {
      const a = await store.listOrders({ customer: 'ada' });
      const b = await __dispatch('crm', 'lookup', '');
      return [a, JSON.parse(b)];
    }`,
    [{ name: 'store', tools: ['listOrders'] }], {}, dispatch, 'disabled');
  eq(JSON.parse(r.resultJson), [
    { tool: 'listOrders', args: { customer: 'ada' } },
    { result: { tool: 'lookup', args: [] } },
  ], 'result');
  eq(seen, [['store', 'listOrders', '{"customer":"ada"}'], ['crm', 'lookup', '']], 'calls');
});

await check('a throwing tool arrives as an Error with its text', async () => {
  const dispatch = async () => JSON.stringify({ error: 'No such customer.' });
  const r = await api.execute(
    'async () => { try { await store.get(1) } catch (e) { return e.message } }',
    [{ name: 'store', tools: ['get'] }], {}, dispatch, 'disabled');
  eq(JSON.parse(r.resultJson), 'No such customer.', 'result');
});

await check('an outbound function serves fetch in stub mode', async () => {
  const asked = [];
  const outbound = async (req) => {
    asked.push([req.method, req.url]);
    return { status: 201, statusText: 'Created', headers: [['x-from', 'stub']], body: new TextEncoder().encode('hi').buffer };
  };
  const r = await api.execute(
    "async () => { const res = await fetch('https://up.test/a', { method: 'POST', body: 'x' }); return [res.status, res.headers.get('x-from'), await res.text()] }",
    [], {}, null, 'stub', outbound);
  eq(JSON.parse(r.resultJson), [201, 'stub', 'hi'], 'result');
  eq(asked, [['POST', 'https://up.test/a']], 'requests');
});

await check('handles: grant, invoke in order, close, then HANDLES_CLOSED', async () => {
  const r = await api.execute(
    'async () => { let n = 0; return () => new Response(String(++n)) }',
    [], { retainHandles: true }, null, 'disabled');
  if (typeof r.executionId !== 'string') throw new Error(JSON.stringify(r));
  eq(r.handles, ['fetch'], 'handles');
  const req = { method: 'GET', url: 'https://h.test/', headers: [], body: null };
  const a = await api.invokeHandle(r.executionId, 'fetch', req);
  const b = await api.invokeHandle(r.executionId, 'fetch', req);
  eq([a.status, new TextDecoder().decode(a.body), new TextDecoder().decode(b.body)], [200, '1', '2'], 'bodies');
  await api.closeHandles(r.executionId);
  try {
    await api.invokeHandle(r.executionId, 'fetch', req);
    throw new Error('no rejection');
  } catch (e) {
    eq(e.code, 'HANDLES_CLOSED', 'code');
  }
});

api[Symbol.dispose]();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

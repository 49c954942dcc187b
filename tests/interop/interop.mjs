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

api[Symbol.dispose]();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

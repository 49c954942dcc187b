// @node @modern
const res = {};
let attempts = 0;
async function flaky() { attempts++; await new Promise(r => setTimeout(r, 1)); if (attempts < 3) throw new Error('fail ' + attempts); return 'ok after ' + attempts; }
async function retry(fn, n) { let last; for (let i = 0; i < n; i++) { try { return await fn(); } catch (e) { last = e; } } throw last; }
retry(flaky, 5).then(v => { res.retry = v; });
const timeout = (p, ms) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms))]);
timeout(new Promise(r => setTimeout(() => r('fast'), 5)), 300).then(v => { res.fast = v; });
timeout(new Promise(r => setTimeout(() => r('slow'), 400)), 50).catch(e => { res.slow = e.message; });
setTimeout(() => print(res.retry, res.fast, res.slow), 500);

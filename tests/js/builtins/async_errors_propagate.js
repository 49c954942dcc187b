// @node @modern

async function a() { await null; throw new RangeError('deep'); }
async function b() { return await a(); }
async function c() { try { await b(); } catch (e) { return 'c caught ' + e.name + ' ' + e.message; } }
c().then(print);
async function d() { const e = await Promise.allSettled([a(), Promise.resolve(1)]); return e.map(x => x.status).join(); }
d().then(print);
async function rethrow() { try { await Promise.reject(new Error('x')); } catch (e) { throw new Error('wrapped', { cause: e }); } }
rethrow().catch(e => print(e.message, e.cause.message));

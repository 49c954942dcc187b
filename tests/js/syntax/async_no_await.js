// Async functions with no await of their own run without a coroutine:
// they must keep every observable rule of an async function.
const order = [];
async function plain(x) { order.push('body ' + x); return x * 2; }
const arrow = async (x) => { if (x < 0) throw new RangeError('negative'); return x; };
const thenable = async () => ({ then(resolve) { resolve('adopted'); } });
async function outer() { const inner = async () => { await null; return 'inner'; }; return inner(); }
async function args() { return arguments.length; }
const obj = { v: 3, async m() { return this.v; } };
class C { static async s() { return this.name; } }

const p = plain(1);
order.push('after call');
console.log(p instanceof Promise, Object.getPrototypeOf(plain) === Object.getPrototypeOf(async function () { await 0; }));
p.then((v) => order.push('then ' + v));
Promise.resolve().then(() => order.push('microtask'));
try { new plain(1); } catch (e) { console.log(e instanceof TypeError); }
console.log(plain.length, plain.name, arrow.name);
(async () => {
  await null;
  await null;
  console.log(order.join(', '));
  try { await arrow(-1); } catch (e) { console.log(e.name, e.message); }
  console.log(await thenable(), await outer(), await args(1, 2, 3), await obj.m(), await C.s());
  let threw = false;
  const r = arrow(-2);
  r.catch(() => { threw = true; });
  await null;
  console.log('rejected, not thrown:', threw);
})();

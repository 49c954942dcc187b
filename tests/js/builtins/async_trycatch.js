// @node
var log = [];
function L(x) { log.push(x); }
function delay(ms, v, fail) { return new Promise(function (res, rej) { setTimeout(function () { fail ? rej(v) : res(v); }, ms); }); }
async function t1() {
  try { await delay(5, new Error('boom'), true); L('not reached'); }
  catch (e) { L('caught ' + e.message); var x = await delay(1, 'in-catch'); L(x); }
  finally { var y = await delay(1, 'in-finally'); L(y); }
  return 'done1';
}
async function t2() { try { await Promise.reject('str'); } catch (e) { L('non-error ' + e); } }
async function t3() { try { return await delay(1, 'r3'); } finally { await null; L('finally before return'); } }
async function t4() { throw new TypeError('early'); }
async function t5() {
  for (var i = 0; i < 3; i++) {
    try { if (i === 1) { continue; } await null; L('loop ' + i); } finally { await null; L('fin ' + i); }
  }
  outer: for (var j = 0; j < 3; j++) { for (var k = 0; k < 3; k++) { await null; if (k === 1) continue outer; L('jk ' + j + k); } }
  var o = { x: 1, y: 2 }; for (var key in o) { await null; L('key ' + key); }
  var w = 0; while (w < 2) { w = w + await Promise.resolve(1); } L('w ' + w);
}
async function t6() { try { await null; throw new Error('pending'); } finally { await null; L('finally with pending exception'); } }
async function t7(a, b) { var self = this; await null; return self.tag + ':' + a + b + arguments.length; }
async function rec(n) { if (n === 0) return 0; return 1 + await rec(n - 1); }
async function t8() { var e1 = new Error('same'); try { await Promise.reject(e1); } catch (e) { L('identity ' + (e === e1)); } }
async function main() {
  L(await t1());
  await t2();
  L(await t3());
  await t4().catch(function (e) { L('early ' + e.name + ' ' + e.message); });
  await t5();
  try { await t6(); } catch (e) { L('t6 ' + e.message); }
  L(await t7.call({ tag: 'T' }, 'x', 'y', 'z'));
  L('rec ' + await rec(200));
  await t8();
  var results = await Promise.all([1, 2, 3].map(async function (x) { await null; return x * 10; }));
  L(results.join('|'));
}
main().then(function () { print(log.join('\n')); });

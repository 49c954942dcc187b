// deep async recursion (node overflows at 20000) and 2000 pending awaits
async function rec(n) { if (n === 0) return 0; return 1 + await rec(n - 1); }
rec(20000).then(function (v) { print('depth', v); });
var pending = [];
var resolvers = [];
async function waiter(i) { var v = await new Promise(function (r) { resolvers.push(r); }); return v + i; }
for (var i = 0; i < 2000; i++) pending.push(waiter(i));
Promise.all(pending).then(function (vs) { var s = 0; for (var j = 0; j < vs.length; j++) s += vs[j]; print('sum', s); });
setTimeout(function () { for (var k = 0; k < resolvers.length; k++) resolvers[k](1); }, 5);

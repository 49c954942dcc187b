// A generator binds its parameters when called: errors from defaults and
// patterns throw from the call itself, not from the first next().
function* g1({ a }) { yield a; }
try { g1(null); console.log("no throw"); } catch (e) { console.log("g1", e.constructor.name); }
function* g2(x = (function () { throw new Error("dflt"); })()) { yield x; }
try { g2(); console.log("no throw"); } catch (e) { console.log("g2", e.message); }
var calls = [];
function* g3(a, b = (calls.push("default"), a * 2)) {
	calls.push("body");
	var a;
	yield a + b;
}
var it = g3(5);
calls.push("called");
console.log(it.next().value, calls.join(","));
async function* ag([x]) { yield x; }
try { ag(undefined); console.log("no throw"); } catch (e) { console.log("ag", e.constructor.name); }
async function af({ a }) { return a; }
var p = af(null);
p.then(function () { console.log("resolved"); }, function (e) { console.log("af rejects", e.constructor.name); });
var o = { *m([a, b] = [1, 2]) { yield a + b; } };
console.log(o.m().next().value);
class C { static *s(...[a, b]) { yield a * b; } }
console.log(C.s(6, 7).next().value);

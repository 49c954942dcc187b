// The engine's own surface is gone after 99_seal.js (expected by hand)
print(typeof Duktape, typeof __cm_native === 'undefined' || __cm_native === undefined, typeof String.fromBufferRaw);
print(typeof __cm, Object.isFrozen(__cm), __cm.P, Object.keys(this).indexOf('__cm'));
print(['async','await','gen','yield','yieldStar','asyncGen','asyncYieldStar','isGenReturn','iter','asyncIter','iterClose','drainMicrotasks','nextTimerDelay','runDueTimers','takeUnhandledRejections','re'].filter(function (n) { return typeof __cm[n] !== 'function'; }).length);
var threw = false; try { __cm.async = null; } catch (e) { threw = true; } print(typeof __cm.async);
function* g() { yield 1; }
var it = g();
print(Object.getOwnPropertyNames(it).length, Object.getOwnPropertySymbols(it).length, Reflect.ownKeys(it).length);
var p = Promise.resolve(1);
print(Object.getOwnPropertyNames(p).length, Object.getOwnPropertySymbols(p).length, JSON.stringify(Object.assign({}, p)));
var m = new Map([[{}, 1]]);
print(Reflect.ownKeys(m).length, JSON.stringify(m));
var k = {}; new WeakMap().set(k, 1); print(Reflect.ownKeys(k).length, JSON.stringify(k));
var found = [];
for (var name in this) { if (name === 'Duktape' || name === '__cm') found.push(name); }
print(found.length);

// Proxy over Duktape's: traps read at each operation, undefined/null traps
// fall through to the target, Proxy targets and handlers, Proxy.revocable.
var log = [];
var handler = {
	get(t, k, r) { log.push('get ' + String(k)); return Reflect.get(t, k, r); },
};
var p = new Proxy({ a: 1 }, handler);
console.log(p.a, log.join());
handler.get = undefined;
console.log(p.a);
handler.get = null;
console.log(p.a);
handler.get = function () { return 'late'; };
console.log(p.a);
handler.get = 42;
try { p.a; } catch (e) { console.log(e.name); }
// A Proxy of a Proxy, and a Proxy as handler.
var inner = new Proxy({ x: 1 }, { get: (t, k) => k === 'x' ? 'inner' : undefined });
var outer = new Proxy(inner, {});
console.log(outer.x, typeof new Proxy(function () { return 7; }, {}), new Proxy(new Proxy(function () { return 7; }, {}), {})());
var viaProxyHandler = new Proxy({ y: 2 }, new Proxy({}, { get: (t, k) => k === 'get' ? (tt, kk) => 'trap:' + kk : undefined }));
console.log(viaProxyHandler.y);
// Proxy.revocable: every trap throws once revoked.
var rv = Proxy.revocable({ z: 3 }, {});
console.log(rv.proxy.z, Object.keys(rv).join(), typeof rv.revoke, rv.revoke.length);
rv.revoke();
try { rv.proxy.z; } catch (e) { console.log(e.name, e.message); }
try { 'z' in rv.proxy; } catch (e) { console.log(e.name); }
// Other traps still reach the handler; non-objects are refused.
var seen = [];
var q = new Proxy({}, {
	set(t, k, v) { seen.push('set ' + k); t[k] = v; return true; },
	has(t, k) { seen.push('has ' + k); return k in t; },
	deleteProperty(t, k) { seen.push('delete ' + k); return delete t[k]; },
	ownKeys(t) { seen.push('ownKeys'); return Reflect.ownKeys(t); },
});
q.k = 1;
console.log('k' in q, Object.keys(q).join(), delete q.k, seen.join());
var fp = new Proxy(function (a, b) { return a + b; }, { apply(t, self, args) { return t.apply(self, args) * 10; } });
console.log(fp(1, 2), new (new Proxy(function C(v) { this.v = v; }, {}))(5).v);
try { new Proxy(1, {}); } catch (e) { console.log(e.name); }
try { Proxy({}, {}); } catch (e) { console.log(e.name); }
console.log(Proxy.name, Proxy.length);

// The proxy group loads first; the buffer group, loading after it, wraps
// its wrappers, and both behaviours stay.
var log = [];
var h = {
	getOwnPropertyDescriptor(t, k) { log.push('gopd ' + String(k)); return Reflect.getOwnPropertyDescriptor(t, k); },
	defineProperty(t, k, d) { log.push('define ' + String(k)); return Reflect.defineProperty(t, k, d); },
	ownKeys(t) { log.push('ownKeys'); return Reflect.ownKeys(t); },
	has(t, k) { log.push('has ' + String(k)); return Reflect.has(t, k); }
};
var p = new Proxy({ a: 1 }, h);
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(p, 'a')));
Object.defineProperty(p, 'b', { value: 2, configurable: true });
console.log(Object.getOwnPropertyNames(p).join());
console.log(Reflect.has(p, 'a'));
console.log(log.join('; '));
var ta = new Uint8Array(2);
// A proxy of a typed array forwards to the exotic element behaviour.
var pt = new Proxy(ta, {});
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(pt, '1')));
console.log(Object.getOwnPropertyDescriptor(pt, '-0'), Reflect.has(pt, '-0'));
console.log(Reflect.ownKeys(pt).join());

// The web globals are lazy (engine/runtime/RUNTIME.md, "Lazy groups"): before and
// after their first use they must look as if the prelude had defined them.
print('URL' in globalThis, 'fetch' in globalThis, Object.keys(globalThis).indexOf('fetch') >= 0);
print(typeof URL, typeof fetch, typeof structuredClone, typeof console, typeof TextEncoder);
var d = Object.getOwnPropertyDescriptor(globalThis, 'URL');
print(typeof d.value, d.writable, d.enumerable, d.configurable);
d = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
print(typeof d.value, d.writable, d.enumerable, d.configurable);
d = Object.getOwnPropertyDescriptor(globalThis, 'console');
print(typeof d.value, d.writable, d.enumerable, d.configurable);
// assigned before first use: the script's value stays, the group still loads
URLSearchParams = 5;
print(URLSearchParams, typeof Headers);
// a global function declaration wins over the lazy definition
function Event() { return 'mine'; }
print(new EventTarget() instanceof EventTarget, Event(), typeof AbortController);
// deleted before first use: stays deleted when its group loads
delete globalThis.Crypto;
print(typeof crypto.randomUUID, typeof Crypto, 'Crypto' in globalThis);
// replaced by an accessor before first use
Object.defineProperty(globalThis, 'Request', { get: function () { return 'user'; }, configurable: true });
print(Request, typeof Response);
print(typeof caches.open, typeof SharedArrayBuffer, typeof CompressionStream);
print((1234.5).toLocaleString(), performance.now() >= 0, typeof performance.timeOrigin);
try {
	structuredClone(function () {});
} catch (e) {
	print(e.name, e instanceof DOMException, e.code);
}
print(JSON.stringify(Object.keys(globalThis).filter(function (k) {
	return ['fetch', 'crypto', 'atob', 'btoa', 'performance'].indexOf(k) >= 0;
})));

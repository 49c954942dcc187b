// @node @modern

print(typeof globalThis, globalThis.globalThis === globalThis);
globalThis.shared = 42;
print(shared);
var declared = 1; print(globalThis.declared);
print(['Promise', 'Map', 'Set', 'WeakMap', 'WeakSet', 'queueMicrotask', 'setTimeout', 'structuredClone', 'AggregateError'].filter(k => typeof globalThis[k] !== 'function').length);
print(Object.keys(globalThis).includes('Promise'), Object.getOwnPropertyDescriptor(globalThis, 'Map').enumerable);

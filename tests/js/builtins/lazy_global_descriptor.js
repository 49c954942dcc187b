// A lazily loaded global reads as its eager definition: asking for its
// descriptor gives the data property, not the loader's accessor.
['WeakRef', 'FinalizationRegistry', 'DataView', 'ArrayBuffer', 'Uint8Array', 'Iterator', 'Proxy', 'URL'].forEach(function (k) {
  var d = Object.getOwnPropertyDescriptor(globalThis, k);
  print(k, typeof d.value, d.writable, d.enumerable, d.configurable, 'get' in d);
});
var r = Reflect.getOwnPropertyDescriptor(globalThis, 'TextEncoder');
print('TextEncoder', typeof r.value, r.writable);
print(Object.getOwnPropertyDescriptor.length, Object.getOwnPropertyDescriptor.name, Reflect.getOwnPropertyDescriptor.length);
print(Object.getOwnPropertyDescriptor({ a: 1 }, 'a').value, Object.getOwnPropertyDescriptor(globalThis, 'nope'));
try { Reflect.getOwnPropertyDescriptor(1, 'a'); } catch (e) { print(e.name); }

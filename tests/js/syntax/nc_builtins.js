// Built-in methods, getters and static methods (many written in ES in the
// runtime prelude) are no constructors and have no `prototype`.
function isCtor(f) {
	try {
		Reflect.construct(String, [], f);
		return true;
	} catch (e) {
		return false;
	}
}
function tryNew(f) {
	try {
		new f();
		return 'constructed';
	} catch (e) {
		return e instanceof TypeError ? 'TypeError' : 'other ' + e;
	}
}
const gd = (o, k) => Object.getOwnPropertyDescriptor(o, k);
const fns = {
	'Map.prototype.get': Map.prototype.get,
	'Map.prototype.set': Map.prototype.set,
	'Map.prototype.forEach': Map.prototype.forEach,
	'Map.prototype[Symbol.iterator]': Map.prototype[Symbol.iterator],
	'get Map.prototype.size': gd(Map.prototype, 'size').get,
	'get Map[Symbol.species]': gd(Map, Symbol.species).get,
	'Set.prototype.add': Set.prototype.add,
	'Set.prototype.has': Set.prototype.has,
	'WeakMap.prototype.get': WeakMap.prototype.get,
	'WeakSet.prototype.add': WeakSet.prototype.add,
	'Promise.prototype.then': Promise.prototype.then,
	'Promise.prototype.finally': Promise.prototype.finally,
	'Promise.all': Promise.all,
	'Promise.resolve': Promise.resolve,
	'Array.from': Array.from,
	'Array.prototype.includes': Array.prototype.includes,
	'Array.prototype.values': Array.prototype.values,
	'Object.entries': Object.entries,
	'String.prototype.padStart': String.prototype.padStart,
	'Math.max': Math.max,
	'JSON.parse': JSON.parse,
	'Reflect.construct': Reflect.construct,
	'iterator next': Object.getPrototypeOf([].values()).next,
	'map iterator next': Object.getPrototypeOf(new Map().entries()).next,
	'generator next': Object.getPrototypeOf(function* () {}).prototype.next,
	// WebIDL operations, no constructors as in browsers (node's are plain
	// functions)
	queueMicrotask,
	setTimeout,
	structuredClone,
	'URL.prototype.toString': URL.prototype.toString,
	'get URL.prototype.href': gd(URL.prototype, 'href').get,
	'TextEncoder.prototype.encode': TextEncoder.prototype.encode,
};
for (const [name, fn] of Object.entries(fns))
	console.log(name, typeof fn, isCtor(fn), tryNew(fn),
	    Object.prototype.hasOwnProperty.call(fn, 'prototype'));
// the constructors themselves stay constructors
for (const C of [Map, Set, WeakMap, WeakSet, Promise, Array, Object, URL,
    TextEncoder, Error, AggregateError])
	console.log(C.name, isCtor(C), typeof C.prototype);
console.log(new Map([[1, 2]]).get(1), new Set([1]).has(1),
    [1, 2].includes(2), Array.from('ab').join());

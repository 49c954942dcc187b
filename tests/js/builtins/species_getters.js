// get [Symbol.species] on Array, ArrayBuffer and %TypedArray%: returns
// its receiver, named "get [Symbol.species]", no setter.
[Array, ArrayBuffer, Object.getPrototypeOf(Int8Array), Map, Set, Promise].forEach(function (C) {
	var d = Object.getOwnPropertyDescriptor(C, Symbol.species);
	print(d.get.name, d.set, d.enumerable, d.configurable, C[Symbol.species] === C, d.get.call(5));
});
class MyArray extends Array {}
print(MyArray[Symbol.species] === MyArray);

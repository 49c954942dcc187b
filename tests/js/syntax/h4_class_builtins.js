// Extending built-ins: the instance inherits from the subclass.
var list = [Array, Error, TypeError, Map, Set, Promise, RegExp, Date,
    Uint8Array, Float64Array, Int32Array, ArrayBuffer];
list.forEach(function (B) {
	var S = class extends B {};
	var arg = B === Promise ? function () {} : undefined;
	var s = arg ? new S(arg) : new S();
	console.log(B.name, s instanceof S, s instanceof B,
	    Object.getPrototypeOf(s) === S.prototype);
});
class Bytes extends Uint8Array {
	sum() {
		var t = 0;
		for (var i = 0; i < this.length; i++)
			t += this[i];
		return t;
	}
}
console.log(new Bytes([1, 2, 3]).sum());
class MyErr extends Error {
	constructor(m) {
		super(m);
		this.name = 'MyErr';
	}
}
var e = new MyErr('boom');
console.log(e instanceof MyErr, e instanceof Error, e.message, String(e));

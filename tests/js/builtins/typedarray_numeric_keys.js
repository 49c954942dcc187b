// @node
// A typed array answers every canonical numeric string key itself (ES2025
// 10.4.5, the operators included): "-0", "1.5", "NaN", "Infinity", an
// index past the end read undefined, are not `in` it, and a write to one
// converts the value (ToNumber) and stores nothing, whatever
// Object.prototype or the typed array's prototype holds under that key.
// Keys that are not canonical ("+1", "1.0", "01", "1e3") stay ordinary.
var ta = new Float64Array([1, 2]);
Object.prototype['-0'] = 'P';
Object.prototype[5] = 'P5';
Object.prototype['1.5'] = 'P1.5';
Float64Array.prototype.Infinity = 'PI';
Float64Array.prototype.foo = 'f';
console.log('get', ta['-0'], ta[5], ta['5'], ta['1.5'], ta.Infinity, ta.NaN, ta[1], ta.foo, ta.length);
console.log('in', '-0' in ta, 5 in ta, '1.5' in ta, 'Infinity' in ta, 'NaN' in ta, '-1' in ta,
	'4294967295' in ta, 1 in ta, 'foo' in ta);
console.log('not canonical', '1e3' in ta, '+1' in ta, '01' in ta, '1.0' in ta, '0x1' in ta);
var conversions = 0;
var counted = { valueOf: function () { conversions++; return 3; } };
ta['1.5'] = counted;
ta['-0'] = counted;
ta[9] = counted;
ta['-1'] = 4;
ta['+1'] = 5;
ta['1.0'] = 6;
console.log('set', conversions, Object.keys(ta).join(), ta['+1'], ta['1.0'], ta[0], ta[1]);
try {
	ta['2'] = { valueOf: function () { throw new Error('ToNumber ran'); } };
} catch (e) {
	console.log('set past the end:', e.message);
}
// an object that inherits from a typed array: its numeric keys end there
var child = Object.create(ta);
console.log('child', child[5], child['-0'], child[0], '5' in child, '-0' in child);
child[7] = 3;
child[0] = 8;
console.log('child set', Object.prototype.hasOwnProperty.call(child, '7'),
	Object.prototype.hasOwnProperty.call(child, '0'), ta[0]);
console.log('delete', delete ta['-0'], delete ta[5], delete ta['1.5']);
(function () {
	'use strict';
	try {
		ta['-0'] = 1;
		ta[100] = 1;
		console.log('strict writes out of range: no error');
	} catch (e) {
		console.log('strict', e.name);
	}
})();
delete Object.prototype['-0'];
delete Object.prototype[5];
delete Object.prototype['1.5'];

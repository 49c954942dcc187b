// The console composes its lines with intrinsics captured before this script
// ran: replacing the prototype methods and globals it would otherwise look up
// (join, push, indexOf, replace, String, Math...) leaves every line as it was.
// A value's own methods still run where node's console calls them.
Array.prototype.join = function () { return 'forged'; };
Array.prototype.push = function () { return 0; };
Array.prototype.pop = function () {};
Array.prototype.indexOf = function () { return -1; };
Array.prototype.slice = function () { return []; };
String.prototype.indexOf = function () { return -1; };
String.prototype.replace = function () { return 'forged'; };
String.prototype.slice = function () { return 'forged'; };
String.prototype.charAt = function () { return 'x'; };
Number.prototype.toString = function () { return 'forged'; };
Object.prototype.hasOwnProperty = function () { return false; };
Object.keys = function () { return ['forged']; };
RegExp.prototype.test = function () { return false; };
Function.prototype.call = function () { return 'forged'; };
Math.max = Math.min = function () { return 0; };
JSON.stringify = function () { return 'forged'; };
String = function () { return 'forged'; };
console.log('one', 'two');
console.warn(1, 'x', null, true, -0);
console.log([1, 2, [3, 'a\'b']], { a: 1, 'b-c': [] });
console.log('%s=%d %j', 'n', 42, { k: 1 });
var o = { x: 1 };
o.self = o;
console.log(o);
console.log([1, , 3], new Uint8Array([1, 255]));
console.log({ valueOf: 1, toString: function () { return 'own'; } } + '');

// The console is loaded before the guest replaces Array.prototype.join and
// String.prototype.replace: its lines still join their arguments with single
// spaces and expand %-directives (the formatter's captured intrinsics).
console.log('loaded');
Array.prototype.join = function () { return 'forged'; };
String.prototype.replace = function () { return 'forged'; };
console.log('one', 'two');
console.warn(1, 'x', null, [2, 3]);
console.log('%s-%d', 'n', 7);

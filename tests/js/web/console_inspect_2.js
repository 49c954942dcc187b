// @node
console.log('%s=%d %j %o%%', 'x', 42.5, {a:[1]}, 'str');
var c = {name:'c'}; c.self = c; console.log(c);
console.log(new Map([['a',1],[{},[]]]), new Set([1,'2']), new Uint8Array([1,2,3]));
console.log([ , 1, , , 2], Object.create(null), function foo(){}, function(){}, Symbol('s'));

// @node
console.log([1, , 3], [, ,], new Array(3), [undefined, , null]);
var a = [1, 2]; a.extra = 'x'; console.log(a);
console.log(Object.assign(Object.create(null), { z: 1 }), Object.create(null));
console.log({ g: function named() {}, h: Math.max });
console.log([Symbol.iterator, Symbol('d'), Symbol()]);
console.log(new String('s'), new Boolean(false), [new Number(-0)]);
console.log({ d: new Date(86400000), r: /x\/y/gi });
console.log(true, false, 0, -0, 1e21, 1e-7, NaN, -Infinity, 'str', '');

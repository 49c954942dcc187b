// @node
var o = { a: 1 }; var shared = { s: o, t: o }; console.log(shared);
var c = [1]; c.push(c); console.log(c);
var x = { y: {} }; x.y.back = x; console.log(x);
console.log({ 'a-b': { 'c d': ['e f'] }, 123: 1, _ok: 2, $no: 3, 'é': 4 });
console.log([{ a: 1, b: 2 }, { a: 3, b: 4 }]);
console.log({ longKeyNumberOne: 'value one', longKeyNumberTwo: 'value two', k3: 'value three' });
console.log([['a', 1], ['b', 2], ['c', 3], ['d', 4], ['e', 5], ['f', 6], ['g', 7]]);

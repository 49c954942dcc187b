function outer() { const g = () => arguments.length + ":" + arguments[0]; return g(9, 9, 9); }
console.log(outer("a", "b"));
function nested() { return (() => () => arguments[1])()(); }
console.log(nested(1, 2));

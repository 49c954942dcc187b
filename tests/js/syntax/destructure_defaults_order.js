const log = [];
const { a = (log.push("a"), 1), b = (log.push("b"), 2) } = { b: 0 };
console.log(a, b, log.join(","));
function f(x = log.push("x"), y = x + 1) { return [x, y]; }
console.log(f().join(","), f(10).join(","));

const a = [1, 2];
const b = [0, ...a, 3, ...a];
console.log(b.join(","));
console.log([..."abc"].join("-"));
const s = new Set([1, 1, 2]);
console.log([...s].length);
function* g() { yield "x"; yield "y"; }
console.log([...g()].join(""));
console.log([...[]].length, [...a].length);

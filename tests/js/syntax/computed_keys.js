let i = 0;
const o = { [++i]: "a", [++i]: "b", [`k${i}`]: "c" };
console.log(JSON.stringify(o));
const s = Symbol("s");
const p = { [s]: 1 };
console.log(p[s], Object.keys(p).length);

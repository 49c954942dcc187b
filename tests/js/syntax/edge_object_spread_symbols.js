const s = Symbol("s");
const a = { [s]: "sym", n: 1 };
const b = { ...a };
console.log(b[s], b.n, Object.getOwnPropertySymbols(b).length);
const { n, ...rest } = a;
console.log(rest[s]);

const o = { a() { return { b: () => ({ c: 5 }) }; }, n: null };
console.log(o.a?.().b?.().c, o.n?.a().b.c, o.a()?.x?.y?.z);
const arr = [{ v: 1 }, null];
console.log(arr.map(e => e?.v ?? "none").join(","));

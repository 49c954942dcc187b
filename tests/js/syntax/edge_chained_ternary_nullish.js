const f = (v) => v ?? (v === null ? "null" : "undef");
console.log(f(null), f(undefined), f(0), f(false) === false);
const o = { a: 0 };
console.log(o.a ?? 1, o.b ?? 2, (o.c ??= 3) + 1);

const { a, ...others } = { a: 1, b: 2, c: 3 };
console.log(a, JSON.stringify(others));
const { ["b"]: bb, ...o2 } = { a: 1, b: 2, c: 3 };
console.log(bb, Object.keys(o2).join(","));

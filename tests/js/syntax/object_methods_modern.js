const o = { a: 1, b: 2 };
console.log(Object.entries(o).map(([k, v]) => k + v).join(","));
const copy = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v * 2]));
console.log(JSON.stringify(copy), JSON.stringify({ ...o, c: 3 }));

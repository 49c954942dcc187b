const m = new Map();
m.set("a", 1).set("b", 2);
const entries = [...m].map(([k, v]) => `${k}=${v}`);
console.log(entries.join("&"), [...m.keys()].join(""), [...m.values()].reduce((a, b) => a + b));
const s = new Set("hello");
console.log([...s].join(""), s.size);

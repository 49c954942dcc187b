let s = "";
for (const x of [1, 2, 3]) s += x;
for (const ch of "héy") s += ch;
console.log(s);
const m = new Map([["a", 1], ["b", 2]]);
for (const [k, v] of m) console.log(k, v);
for (const v of new Set(["s1", "s2"])) console.log(v);

const up = (s, ...v) => s.map((x, i) => x.toUpperCase() + (v[i] ?? "")).join("");
console.log(up`a${up`b${1}c`}d`);

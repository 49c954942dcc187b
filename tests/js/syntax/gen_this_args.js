const o = { k: "K", *g(a, b) { yield this.k; yield arguments.length; yield a + b; } };
console.log([...o.g(1, 2)].join(","));
function* d(x = 5, ...r) { yield x; yield r.length; }
console.log([...d()].join(","), [...d(1, 2, 3)].join(","));

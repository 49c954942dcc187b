for (const [k, v] of [["a", 1], ["b", 2]]) console.log(k, v);
for (const { n, m = "d" } of [{ n: 1 }, { n: 2, m: "x" }]) console.log(n, m);
let a, b;
for ([a, b] of [[1, 2]]) console.log(a + b);

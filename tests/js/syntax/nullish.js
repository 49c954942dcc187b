console.log(null ?? "d", undefined ?? "d", 0 ?? "d", "" ?? "d", false ?? "d", NaN ?? "d");
let n = 0;
const f = () => { n++; return null; };
console.log(f() ?? "x", n);
console.log((null ?? 0) || "or");

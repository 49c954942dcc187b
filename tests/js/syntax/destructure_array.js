const [p, , q = 10, ...rest] = [1, 2, undefined, 4, 5];
console.log(p, q, JSON.stringify(rest));
let m = 1, n = 2;
[m, n] = [n, m];
console.log(m, n);
const [[i, j], [k]] = [[1, 2], [3]];
console.log(i + j + k);

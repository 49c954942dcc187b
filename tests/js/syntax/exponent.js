console.log(2 ** 10, 2 ** -1, (-2) ** 2, 2 ** 3 ** 2);
let x = 3; x **= 2;
console.log(x);
const o = { p: 2 }; o.p **= 3;
console.log(o.p);

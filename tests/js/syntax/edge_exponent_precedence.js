console.log((-2) ** 3, 2 ** -2, (2 ** 3) ** 2, 2 ** (3 ** 2), -(2 ** 2));
let a = 2; a **= a **= 2;
console.log(a);

let a = (1, 2, 3);
let b = 0;
for (let i = 0, j = 5; i < j; i++, j--) b++;
console.log(a, b);

const [, , third] = [1, 2, 3];
const [a = "dflt", b] = [, "B"];
console.log(third, a, b);
const [...copy] = [1, , 3];
console.log(copy.length, copy[1]);

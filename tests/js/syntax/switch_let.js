function f(v) {
  switch (v) {
    case 1: { let x = "one"; return x; }
    case 2: let y = "two"; return y;
    default: const z = "other"; return z;
  }
}
console.log(f(1), f(2), f(3));
const fns = [];
for (let i = 0; i < 2; i++) { switch (i) { case 0: case 1: let c = i * 5; fns.push(() => c); } }
console.log(fns.map(f => f()).join(","));

const out = [];
outer: for (let i = 0; i < 3; i++) {
  inner: for (let j = 0; j < 3; j++) {
    if (j === 1) continue outer;
    if (i === 2) break outer;
    out.push(() => i + "" + j);
  }
}
console.log(out.map(f => f()).join(","));
lbl: { out.length = 0; if (out.length === 0) break lbl; console.log("not reached"); }
let k = 0;
w: while (true) { do { k++; if (k > 3) break w; } while (true); }
console.log(k);

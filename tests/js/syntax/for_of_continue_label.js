const out = [];
outer: for (const a of [1, 2, 3]) {
  for (const b of ["x", "y", "z"]) {
    if (b === "y") continue outer;
    if (a === 3) break outer;
    out.push(a + b);
  }
}
console.log(out.join(","));

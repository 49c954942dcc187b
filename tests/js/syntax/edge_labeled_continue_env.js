const fs = [];
outer: for (let i = 0; i < 3; i++) {
  for (let j = 0; j < 3; j++) {
    if (j > i) continue outer;
    fs.push(() => i * 10 + j);
  }
}
console.log(fs.map(f => f()).join(","));

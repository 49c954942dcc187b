function f() {
  const out = [];
  { let v = 1; out.push(v); }
  { let v = 2; out.push(v); }
  for (let v = 3; v < 4; v++) out.push(v);
  return out.join(",");
}
console.log(f());

function outer() {
  const x = "outer-x";
  function mid() { const y = "mid-y"; return () => { const z = "z"; return [x, y, z].join(","); }; }
  return mid()();
}
console.log(outer());

"use strict";
function outer() {
  let r = [];
  { function inner() { return "block fn"; } r.push(inner()); }
  r.push(typeof inner);
  return r.join(",");
}
console.log(outer());

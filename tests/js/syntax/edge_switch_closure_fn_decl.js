"use strict";
function run(k) {
  switch (k) {
    case 1: function helper() { return "h1"; } return helper();
    default: return "none";
  }
}
console.log(run(1), run(2));

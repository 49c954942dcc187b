for (var i = ("a" in {a:1}) ? 1 : 0, j = 0; j < 1; j++) console.log(i);
var k; for (k = ("x" in {}) ? 1 : 2; k < 3; k++) console.log(k);
for (let index = 0; index < 1; index++) console.log("idx");

var a = [1, 2, 3];
var o = { k: 1, "q": 2 };
function F(x) { this.x = x; }
F.prototype.get = function () { return this.x; };
var s = 0;
for (var i = 0; i < a.length; i++) { s += a[i]; }
for (var key in o) { s += o[key]; }
do { s--; } while (s > 5);
console.log(s, new F(9).get(), typeof F, a.length, i);
var t = s > 3 ? "big" : "small";
switch (t) { case "big": console.log("B"); break; default: console.log("S"); }
try { null.x; } catch (e) { console.log(e instanceof TypeError); } finally { console.log("fin"); }

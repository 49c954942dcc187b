// for-in/of heads declaring let/const: the names are in their TDZ while
// the object expression is evaluated.
let x = 1;
try { for (let x in { x }) {} console.log("no"); } catch (e) { console.log("in", e.constructor.name); }
try { for (const y of [y]) {} console.log("no"); } catch (e) { console.log("of", e.constructor.name); }
try { for (let [a, b] of [[a]]) {} console.log("no"); } catch (e) { console.log("pattern", e.constructor.name); }
var fs = [];
for (let z of [1, 2, x]) fs.push(function () { return z; });
console.log(fs.map(function (f) { return f(); }).join(","));
for (let k in { p: 1 }) console.log(k, x);

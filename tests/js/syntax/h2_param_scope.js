// Parameter TDZ, unmapped arguments with non-simple parameters, length.
function later(x = y, y) { return x; }
try { later(); console.log("no throw"); } catch (e) { console.log("later", e.constructor.name); }
console.log(later(1));
var self = function (x = x) { return x; };
try { self(); console.log("no throw"); } catch (e) { console.log("self", e.constructor.name); }
console.log(self(2));
var arrowSelf = (a, b = b) => a;
try { arrowSelf(1); console.log("no throw"); } catch (e) { console.log("arrow", e.constructor.name); }
function prior(a, b = a + 1) { return b; }
console.log(prior(1));
function unmapped(x, _ = 0) {
	arguments[0] = 1;
	var seen = x;
	x = 2;
	return [seen, arguments[0]].join(",");
}
console.log(unmapped(), unmapped(5));
function mapped(x) { arguments[0] = 1; return x; }
console.log(mapped(5));
console.log(function (a, b = 1, c) {}.length, function (a, ...r) {}.length,
    function ([a], {b}) {}.length, ((a, b,) => 0).length);
function closure(a, f = function () { return a; }) { a = 3; return f(); }
console.log(closure(1));

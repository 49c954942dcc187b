// Evaluation order of destructuring: keys, targets, gets and defaults.
var log = [];
function src() {
	return {
		get a() { log.push("get a"); return undefined; },
		get b() { log.push("get b"); return 2; }
	};
}
function key(k) { log.push("key " + k); return k; }
function obj(n) { log.push("obj " + n); return {}; }
function dflt(v) { log.push("default"); return v; }
var t = {};
({ [key("a")]: obj(1).x = dflt(1), [key("b")]: obj(2).y = dflt(2) } = src());
console.log(log.join(", ")); log = [];
[obj(3).z = dflt(3)] = [undefined];
console.log(log.join(", ")); log = [];
[obj(4).z = dflt(4)] = [null];
console.log(log.join(", ")); log = [];
var sym = Symbol("s");
var o = { a: 1, b: 2, [sym]: 3 };
Object.defineProperty(o, "hidden", { value: 4, enumerable: false });
var { a, ...rest } = o;
console.log(a, Object.keys(rest).join(","), rest[sym], "hidden" in rest);
var k = "b";
var { [k]: bb, ...rest2 } = o;
console.log(bb, Object.keys(rest2).join(","));
try { var { x } = null; } catch (e) { console.log(e.constructor.name); }
try { var [] = undefined; } catch (e) { console.log(e.constructor.name); }
try { ({} = undefined); } catch (e) { console.log(e.constructor.name); }
var { length } = "abc";
console.log(length);
var [c1, , c3 = "d", ...cr] = "xyz!";
console.log(c1, c3, cr.join(""));
var arr = [1];
var [e1, e2 = arr.push(9)] = arr;
console.log(e1, e2, arr.join(","));

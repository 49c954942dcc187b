// Array destructuring steps the iterator per element and closes it
// (IteratorClose) when the pattern ends early or an element throws.
var log = [];
function iterable(n) {
	var i = 0;
	var it = {
		next: function () {
			log.push("next");
			i++;
			return i > n ? { done: true } : { done: false, value: i };
		},
		return: function () { log.push("return"); return {}; }
	};
	var o = {};
	o[Symbol.iterator] = function () { return it; };
	return o;
}
function show(label) { console.log(label, log.join(",")); log = []; }

var [a, b] = iterable(5);
show("decl " + a + " " + b);
var [c, d, e] = iterable(2);
show("done early " + c + " " + d + " " + e);
var [, , f] = iterable(5);
show("elision " + f);
var [g, ...h] = iterable(3);
show("rest " + g + " " + JSON.stringify(h));
try {
	var [x = (function () { throw new Error("dflt"); })()] = {
		[Symbol.iterator]: function () {
			return { next: function () { log.push("next"); return { done: false, value: undefined }; },
			    return: function () { log.push("return"); return {}; } };
		}
	};
} catch (err) { log.push(err.message); }
show("default throws");
var o = {};
try {
	[{}[(function () { throw new Error("target"); })()]] = iterable(5);
} catch (err) { log.push(err.message); }
show("target throws before step");
var y, z;
var r = y = [z] = iterable(5);
show("chain " + (typeof r) + " " + z + " " + (r === y));
try {
	[y, z] = { [Symbol.iterator]: function () {
		return { next: function () { throw new Error("step"); },
		    return: function () { log.push("return"); } };
	} };
} catch (err) { log.push(err.message); }
show("next throws, no return");
try {
	[y] = { [Symbol.iterator]: function () {
		return { next: function () { return { done: false, value: 1 }; },
		    return: function () { return null; } };
	} };
} catch (err) { log.push(err.constructor.name); }
show("return result not object");
for (var [p, q = p * 10] of [[1], [2, 3]]) log.push(p + ":" + q);
show("for-of heads");
try {
	var [[n1 = (function () { throw new Error("inner"); })()]] = [iterable(1)].concat([]);
	log.push(n1);
} catch (err) { log.push(err.message); }
show("nested");

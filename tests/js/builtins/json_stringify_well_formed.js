// @node
// Well-formed JSON.stringify: a lone surrogate is written as a \uXXXX
// escape; a pair stays a pair.
var cases = ['\uD834', '\uDD1E', 'a\uD834\uDD1Eb', '\uD834\uD834\uDD1E\uDD1E', '\uDD1E\uD834', 'x\uDBFF', '\uD7FF\uE000', 'plain'];
cases.forEach(function (s) {
	var j = JSON.stringify(s);
	print(j.length, JSON.stringify(j), JSON.parse(j) === s);
});
var k = {};
k['\uDEAD'] = ['\uD800', { v: '\uDC00' }];
print(JSON.stringify(JSON.stringify(k)));
print(JSON.stringify(JSON.stringify(k, null, 1)));
print(JSON.stringify(JSON.stringify(k, function (key, v) { return v; })));
print(JSON.stringify(JSON.stringify(k, ['\uDEAD'])));

// @node
// JSON.parse's SyntaxError texts as V8 words them: every explicit message of its grammar, the unexpected token with ten characters of source each side, positions in UTF-16 units; then 600 seeded random mutations of JSON texts.
const show = (text) => { try { JSON.parse(text); console.log(JSON.stringify(text), 'ok') } catch (e) { console.log(JSON.stringify(text), '|', e.name + ': ' + e.message) } };
['', ' ', '{', '[', '{bad', '{"a":1', '{"a" 1}', '{"a":}', '{"a":1,}', '{"a":1 "b":2}', '{,}', "{'a':1}", '[1,]', '[,]', '[1 2]', '[1,2',
 'abc', 'tru', 'trux', 'nulL', 'falsy', 'NaN', 'Infinity', 'undefined', '[object Object]', '-Infinity', '-', '-a', '1.', '1e', '1e+', '[1E-]',
 '01', '-01', '01.5', '[.5]', '[+1]', '[1e5e]', '"abc', '"a\nb"', '"\\x"', '"\\u12G4"', '"\\u12"', '"\\', '"\\u', '{"\\x":1}', '{"a":1}}', '[]]',
 '\ufeff1', '"😀x', '😀', '[😀]', 'é', '[\n1,\n\n x]', 'a'.repeat(20), 'a'.repeat(21), '[' + 'x'.repeat(30), '[1,' + '2,'.repeat(20) + 'x]',
 '[1,' + '2,'.repeat(20) + 'x' + '3'.repeat(5) + ']', '{"key": [1, 2, {"deep": tru}], "other": 5}', '{"k":"v"}x', '[true false]', '{"a":1,"a":2}',
 '{"list":[1,2,3,],"n":1}', '{"a":"é😀", "b": x}', '   [1, 2, 3]   ', '[1, 2, 3]  ,', '"\u0001"', '[1, "a" : 2]'].forEach(show);
show({}); show([1, 2]); show(null); show(12);
// a small seeded generator: deterministic on every engine
let seed = 22;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n };
const bases = ['{"a":1,"b":[true,false,null],"c":"x\\ny"}', '[1,-2.5e3,{"k":"v"},[]]', '{"name":"é😀","list":[{"id":1},{"id":2}]}', '"text"', '-0.25', '[[[[]]]]'];
const junk = ['{', '}', '[', ']', ',', ':', '"', '\\', 'x', '1', '-', '.', 'e', ' ', 't', 'n', '\t', '😀', 'é', '\u0002'];
for (let i = 0; i < 600; i++) {
	let text = bases[rnd(bases.length)];
	const edits = 1 + rnd(3);
	for (let e = 0; e < edits; e++) {
		const at = rnd(text.length + 1), what = rnd(3);
		if (what === 0) text = text.slice(0, at) + junk[rnd(junk.length)] + text.slice(at);
		else if (what === 1) text = text.slice(0, at) + text.slice(at + 1);
		else text = text.slice(0, at) + junk[rnd(junk.length)] + text.slice(at + 1);
	}
	show(text);
}

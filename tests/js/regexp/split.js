// split with regexes: captures, limits, empty matches, species.
print(JSON.stringify('a1b2c3'.split(/(\d)/)));
print(JSON.stringify('a1b2c3'.split(/\d/, 2)));
print(JSON.stringify('abc'.split(/(?:)/)), JSON.stringify(''.split(/x/)),
    JSON.stringify(''.split(/(?:)/)));
print(JSON.stringify('a,b,,c'.split(/,/)), JSON.stringify('a, b ,c'.split(/\s*,\s*/)));
print(JSON.stringify('A<B>bold</B>and<CODE>coded</CODE>'.split(/<(\/)?([^<>]+)>/)));
print(JSON.stringify('name,"x, y",3'.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)));
class R extends RegExp {
	static get [Symbol.species]() { print('species'); return RegExp; }
}
print(JSON.stringify('a-b'.split(new R('-'))));
print(JSON.stringify('a-b-c'.split('-', 2)), JSON.stringify('abc'.split('')));

// String methods dispatch through the well-known symbols.
print(typeof Symbol.match, typeof Symbol.matchAll, typeof Symbol.replace,
    typeof Symbol.search, typeof Symbol.split, String(Symbol.split));
const custom = {
	flags: 'g',
	[Symbol.match](s) { return 'match:' + s; },
	[Symbol.replace](s, r) { return 'replace:' + s + ':' + r; },
	[Symbol.search](s) { return 'search:' + s; },
	[Symbol.split](s, l) { return 'split:' + s + ':' + l; },
	[Symbol.matchAll](s) { return 'matchAll:' + s; }
};
print('x'.match(custom), 'x'.replace(custom, 'y'), 'x'.search(custom),
    'x'.split(custom, 3), 'x'.matchAll(custom), 'x'.replaceAll(custom, 'z'));
const re = /b/g;
re.exec = function (s) { print('exec', this.lastIndex); return null; };
print('abc'.match(re), 'abc'.replace(re, 'x'));
print(JSON.stringify([...'a1b2'.matchAll(/(?<d>\d)/g)].map(m => [m[0], m.index, m.groups.d])));
try { 'a'.matchAll(/a/); } catch (e) { print(e.name); }
const it = 'ab'.matchAll(/./g);
print(Object.prototype.toString.call(it), typeof it[Symbol.iterator], it.next().value[0]);
print('abc'.search(/c/), 'abc'.search('b'), 'a.c'.search('.'), 'abc'.match('b.').index);
print(Number.prototype[Symbol.match], 'a1b'.match(1).index);

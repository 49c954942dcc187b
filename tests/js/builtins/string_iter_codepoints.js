// @node @modern

const s = 'a\u{1F600}b\uD800c';
const parts = [...s];
print(parts.length, parts.map(p => p.length).join(), parts.map(p => p.codePointAt(0).toString(16)).join());
print(Object.prototype.toString.call(s[Symbol.iterator]()));
const it = 'xy'[Symbol.iterator](); print(JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()));
print(Array.from(new String('ab')).join('|'), [...''].length);
let count = 0; for (const ch of 'héllo') count++; print(count);

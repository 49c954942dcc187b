// replace with callbacks and templates; GetSubstitution's corner cases.
print('a1b22'.replace(/(\d)(\d)?/g, (m, p1, p2, off, s) =>
    `[${m}|${p1}|${p2}|${off}|${s}]`));
print('x-y'.replace(/(?<a>x)-(?<b>y)/, (...args) =>
    JSON.stringify(args[args.length - 1])));
print('abc'.replace(/b/, "$$|$&|$`|$'|$0|$1|$<x>"));
print('abc'.replace(/(b)/, '$01|$10|$2|$001'));
print('abcdefghijkl'.replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, '$11-$10-$1-$12'));
print('aaa'.replace(/a/g, () => '$&'), 'aaa'.replace(/(?:)/g, '-'));
print('abc'.replace('b', '$&$&'), 'abc'.replace('b', (m, o, s) => m + o + s));
print('a.b.c'.replaceAll('.', '$$'), 'aXbX'.replaceAll(/x/gi, m => m.toLowerCase()));
try { 'a'.replaceAll(/a/, 'b'); } catch (e) { print(e.name); }
const big = 'word '.repeat(5000);
let n = 0;
const out = big.replace(/\w+/g, (w) => { n++; return w.toUpperCase(); });
print(n, out.length, out.slice(0, 12));

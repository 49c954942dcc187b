// @node
// replaceAll with a string pattern, btoa and atob build their text from
// pieces joined once (they appended to a string, quadratic in the result):
// the same results on large and edge inputs.
const s = 'ab,'.repeat(20000);
const r = s.replaceAll(',', ';');
print(r.length, r.slice(0, 9), r.slice(-6), r.indexOf(','));
print('x'.replaceAll('', '-'), ''.replaceAll('', 'z'), 'a.b.c'.replaceAll('.', ''), 'aaa'.replaceAll('a', '$&$&'), 'abc'.replaceAll('b', "$`|$'"));
print('abc'.replaceAll('b', (m, i, str) => `[${m}${i}${str}]`), 'abab'.replaceAll('ab', (m, i) => i), 'no match'.replaceAll('z', 'y'));
const b = btoa(s.slice(0, 30001));
print(b.length, b.slice(0, 12), b.slice(-8), atob(b) === s.slice(0, 30001));
print(btoa(''), atob(''), btoa('\xff\xfe'), atob('//4='), btoa('a'), btoa('ab'), atob('YQ'), atob(' Y W I = '));
let all = '';
for (let i = 0; i < 256; i++) all += String.fromCharCode(i);
print(btoa(all) === btoa(all.slice(0, 128)).slice(0, -4) + btoa(all.slice(126)).slice(-172) || btoa(all).length, atob(btoa(all)) === all);

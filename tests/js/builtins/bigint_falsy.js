// @node
// 0n is falsy wherever a value is tested: conditions, !, Boolean(), &&= and ||=, the callbacks of filter/some/every/find, while loops; and a BigInt is still itself after (JSON refuses it, Object.prototype.toString tags it, structuredClone keeps it).
const t = (l, f) => { try { console.log(l, f()) } catch (e) { console.log(l, '|', e.constructor.name + ': ' + e.message) } };
let v0 = 0n;
console.log(v0 ? 'T' : 'F', !v0, Boolean(v0), !!v0, v0 || 'or', v0 && 'and', v0 ?? 'nn');
let a = 0n; a &&= 1n; let b = 0n; b ||= 1n; let c = 5n; c &&= 2n;
console.log(a, b, c);
if (v0) console.log('if-true'); else console.log('if-false');
while (v0) { console.log('loop'); break; }
console.log([0n, 1n, 2n].filter(x => x), [0n, 1n].filter(Boolean), 0n == false, 0n === 0n);
const f = (x) => x ? 'yes' : 'no'; console.log(f(0n), f(1n));
t('json', () => JSON.stringify(0n)); t('json obj', () => JSON.stringify({a: 0n})); t('json 1n', () => JSON.stringify(1n));
t('typeof', () => typeof 0n); t('toString', () => Object.prototype.toString.call(0n)); t('str', () => String(0n) + `${0n}` + (0n + ''));
t('map', () => new Map([[0n, 'z']]).get(0n)); t('eq', () => [0n == 0, 0n == false, 0n === BigInt(0), 0n < 1, -0n === 0n]);
t('clone', () => structuredClone(0n)); t('inspect', () => [0n, { z: 0n }]); t('sort', () => [3n, 0n, 2n].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
t('not', () => [!0n, !!0n, !1n, 0n ? 1 : 2]); t('some', () => [[0n].some(x => x), [0n, 0n].every(x => !x), [0n, 5n].find(x => x), [0n, 5n].findIndex(x => x)]);
t('bool obj', () => [new Boolean(0n).valueOf(), Boolean(-0n), Boolean(0n - 0n), Boolean(1n - 1n), Boolean(BigInt('0')), Boolean(BigInt.asIntN(8, 256n))]);
t('keys', () => Object.keys(0n)); t('desc', () => Object.getOwnPropertyNames(Object(0n)));
t('while', () => { let n = 3n, c = 0; while (n) { n--; c++ } return c });
t('ternary chain', () => { let x = 0n; return (x || 'dflt') + ':' + (x ?? 'nn') });

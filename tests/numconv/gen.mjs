// Writes, for tests/numconv.test.sh, a codemode script (argv[2]) that
// checks the engine's number <-> decimal text conversions against what
// this node computed: random doubles of every exponent (as bit patterns),
// random short decimals and edge values, a fixed seed (argv[3] of them),
// and each double's String(x), toFixed, toPrecision and toExponential
// texts (digit counts up to ES2018's 100). The script returns the
// mismatch count of every path and the first few mismatches.
import fs from 'fs';

const n = Number(process.argv[3] || 20000);
const dv = new DataView(new ArrayBuffer(8));
let seed = 12345;
function rnd() { seed = (seed * 1103515245 + 12345) >>> 0; return seed; }
const data = [];
function add(x) {
  dv.setFloat64(0, x);
  const f = rnd() % 101, p = 1 + rnd() % 100, e = rnd() % 101;
  data.push([dv.getUint32(0), dv.getUint32(4), String(x),
    f, Math.abs(x) < 1e21 ? x.toFixed(f) : '', p, x.toPrecision(p),
    e, x.toExponential(e), x.toExponential()]);
}
while (data.length < n) {
  dv.setUint32(0, rnd()); dv.setUint32(4, rnd());
  const x = dv.getFloat64(0);
  if (Number.isFinite(x)) add(x);
}
for (let i = 0; i < n / 4; i++)
  add((rnd() % 1000000) / Math.pow(10, rnd() % 12) * Math.pow(10, (rnd() % 40) - 20));
// near the edges: subnormals, powers of two and ten, 2^53
for (let k = -1074; k <= 1023; k += 7) add(Math.pow(2, k));
for (let k = -323; k <= 308; k += 3) add(Number('1e' + k));
for (let i = 0; i < 200; i++) add((rnd() % 100000) * Math.pow(2, -1074));
for (let i = -4; i <= 4; i++) add(9007199254740992 + 2 * i);

// texts to read: exact ties, digits past a tie, long and extreme ones, and
// random decimals of 16 to 40 digits (more than a double holds)
const texts = ['9007199254740993', '9007199254740995', '-9007199254740993',
  '31621967360964610', '9007199254740993.0000000000000000000001', '1e23',
  '8.5160984253244e+44', '9007199254740993e1', '2.4703282292062328e-324',
  '2.4703282292062327e-324', '1.7976931348623158e308', '1.7976931348623159e308',
  '1' + '0'.repeat(400) + 'e-400', '9007199254740993' + '0'.repeat(900) + '1e-901',
  '0.' + '0'.repeat(500) + '9007199254740993' + '1e516', '1e-400', '-1e400', '-0',
  '0e99999', '123456789012345678901234567890'];
for (let i = 0; i < n / 4; i++) {
  let t = String(1 + rnd() % 9);
  const len = 16 + rnd() % 25;
  while (t.length < len) t += String(rnd() % 10);
  const point = rnd() % len;
  if (point > 0) t = t.slice(0, point) + '.' + t.slice(point);
  texts.push(t + 'e' + ((rnd() % 640) - 330));
}
const reads = texts.map((t) => { dv.setFloat64(0, Number(t)); return [t, dv.getUint32(0), dv.getUint32(4)]; });

const code = `async () => {
  // as a string: an array literal this size is past Duktape's constant limit
  const data = JSON.parse(${JSON.stringify(JSON.stringify(data))});
  const reads = JSON.parse(${JSON.stringify(JSON.stringify(reads))});
  const dv = new DataView(new ArrayBuffer(8));
  const bad = {}, ex = [];
  function miss(path, want, got) {
    bad[path] = (bad[path] || 0) + 1;
    if (ex.length < 8) ex.push([path, want, String(got)]);
  }
  const names = ['String', 'toString', 'toString10', 'template', 'concat',
    'join', 'key', 'JSON.stringify', 'Number', 'parseFloat', 'JSON.parse',
    'toFixed', 'toPrecision', 'toExponential', 'toExponential()'];
  for (const k of names) bad[k] = 0;
  for (const [h, l, s, f, fixed, p, prec, e, expo, expu] of data) {
    dv.setUint32(0, h); dv.setUint32(4, l);
    const x = dv.getFloat64(0);
    const key = {}; key[x] = 1;
    const got = [String(x), x.toString(), x.toString(10), \`\${x}\`, '' + x,
      [x].join(), Object.keys(key)[0], JSON.stringify(x)];
    for (let i = 0; i < got.length; i++)
      if (got[i] !== s) miss(names[i], s, got[i]);
    if (!Object.is(Number(s), x)) miss('Number', s, Number(s));
    if (!Object.is(parseFloat(s + 'x'), x)) miss('parseFloat', s, parseFloat(s + 'x'));
    if (!Object.is(JSON.parse(s), x)) miss('JSON.parse', s, JSON.parse(s));
    if (fixed !== '' && x.toFixed(f) !== fixed) miss('toFixed', fixed, x.toFixed(f));
    if (x.toPrecision(p) !== prec) miss('toPrecision', prec, x.toPrecision(p));
    if (x.toExponential(e) !== expo) miss('toExponential', expo, x.toExponential(e));
    if (x.toExponential() !== expu) miss('toExponential()', expu, x.toExponential());
  }
  for (const [t, h, l] of reads) {
    dv.setUint32(0, h); dv.setUint32(4, l);
    const x = dv.getFloat64(0);
    if (!Object.is(Number(t), x)) miss('Number', t, Number(t));
    if (!Object.is(parseFloat(t + 'x'), x)) miss('parseFloat', t, parseFloat(t + 'x'));
    if (!Object.is(JSON.parse(t), x)) miss('JSON.parse', t, JSON.parse(t));
  }
  return { n: data.length + reads.length, bad, ex };
}`;
fs.writeFileSync(process.argv[2], code);

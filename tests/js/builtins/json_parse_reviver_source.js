// JSON.parse with a reviver: the context's source for primitives still in
// place, CreateDataProperty/[[Delete]] (no setter runs, refusals ignored).
var seen = [];
var r = JSON.parse('{"a": 1.50, "b": [true, "x\\u0041", null, -0], "c": {"d": 1e2}, "a": 7}', function (k, v, ctx) {
  seen.push(k + '=' + (ctx && 'source' in ctx ? ctx.source : '(none)'));
  return v;
});
print(seen.join(' | '));
print(JSON.stringify(r));
print(JSON.parse('[1, 2]', function (k, v) { if (k === '0') this[1] = 5; return v; })[1]);
var srcs = [], once = false;
JSON.parse('[1, [2, 3]]', function (k, v, c) {
  if (k === '0' && !once) { once = true; this[1] = [2, 3]; }
  srcs.push(k + ':' + c.source);
  return v;
});
print(srcs.join(' '));
// deletion and definition refusals are ignored, setters never run
var frozen = JSON.parse('{"a": 1, "b": 2}', function (k, v) {
  if (k === 'a') Object.defineProperty(this, 'b', { value: 22, configurable: false });
  return k === 'b' ? undefined : v;
});
print(JSON.stringify(frozen), Object.getOwnPropertyDescriptor(frozen, 'b').value);
Object.defineProperty(Object.prototype, '', { set: function () { print('setter ran'); }, configurable: true });
print(JSON.parse('3', function (k, v) { return v * 2; }));
delete Object.prototype[''];
print(JSON.parse.length, JSON.parse.name, JSON.parse('[1]')[0]);
try { JSON.parse('{bad', function (k, v) { return v; }); } catch (e) { print(e.name); }
print(typeof JSON.parse('{"x":1}', function (k, v, c) { return typeof c; }));

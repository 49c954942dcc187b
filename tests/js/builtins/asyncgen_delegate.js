// @node
var log = [];
function L(x) { log.push(x); }
async function* inner() { var x = yield 'i1'; L('inner got ' + x); yield 'i2'; return 'iret'; }
async function* outer() { var r = yield* inner(); L('outer got ' + r); yield* ['s1', Promise.resolve('s2')]; return 'oret'; }
async function run() {
  var it = outer(), r;
  r = await it.next(); L(JSON.stringify(r));
  r = await it.next('X'); L(JSON.stringify(r));
  while (!(r = await it.next()).done) L(JSON.stringify(r));
  L(JSON.stringify(r));
  var it2 = outer(); await it2.next();
  L(JSON.stringify(await it2.return('R')));
  L(JSON.stringify(await it2.next()));
  var sync = { i: 0 }; sync[Symbol.iterator] = function () { return this; };
  sync.next = function () { this.i++; return { value: Promise.resolve('sv' + this.i), done: this.i > 2 }; };
  async function* ds() { yield* sync; }
  var d = ds(); L(JSON.stringify(await d.next())); L(JSON.stringify(await d.next())); L(JSON.stringify(await d.next()));
}
run().then(function () { print(log.join('\n')); }, function (e) { print('ERR', e); });

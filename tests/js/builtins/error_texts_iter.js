// @node
// Iterating or destructuring the wrong value, in V8's words: the source expression named as V8 prints it (`obj.x is not iterable`, `Cannot destructure property 'a' of 'f(...)'`), or, where V8 has no source to name (parameters, nested patterns, assignment patterns, built-ins), the value's type and value.
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
let o, u, nu = null, n = 5, i = 0, c = true, k = 'a';
const obj = { x: {}, m() { return 5 } }, f = () => undefined, g5 = () => 5, F = function () {};

// object patterns: the first named property of the named value
t('decl', () => { const {a} = o });
t('decl null', () => { const {a} = nu });
t('decl two', () => { const {a, b} = nu });
t('decl var', () => { var {a} = o });
t('decl let', () => { let {a} = o });
t('second declarator', () => { const x = 1, {a} = obj.x.q });
t('for init', () => { for (let {a} = nu; ;) break });
t('empty', () => { const {} = o });
t('empty null', () => { const {} = nu });
t('computed first', () => { const {[k]: a} = o });
t('computed then named', () => { const {[k]: a, b} = o });
t('rest', () => { const {...r} = o });
t('named then rest', () => { const {a, ...r} = o });
t('renamed', () => { const {a: b} = o });
t('string key', () => { const {'b-c': a} = o });
t('number key', () => { const {1: a} = o });
t('hex key', () => { const {0x10: a} = o });
t('fraction key', () => { const {1.5: a} = o });
t('quoted key', () => { const {"q": a} = o });
t('nested first', () => { const {a: {b}} = o });
t('array first', () => { const {a: [b]} = o });
t('default first', () => { const {a = 1} = o });
t('renamed default', () => { const {a: x = 1} = o });
t('default later', () => { const {a, b = 1} = o });
t('assign', () => { let a; ({a} = o) });
t('assign null', () => { let z; ({a: z} = nu) });
t('assign default', () => { let z; ({a: z = 1} = o) });
t('assign member target', () => { const p = {}; ({a: p.q} = o) });
t('assign computed', () => { let z; ({[k]: z} = o) });
t('assign rest', () => { let z; ({...z} = o) });
t('assign empty', () => { ({} = o) });
t('assign chained', () => { let z; z = {a: z} = u });
t('nested null', () => { const {a: {b}} = {a: null} });
t('nested undefined', () => { const {a: {b}} = {} });
t('nested default', () => { const {a: {b = 1}} = {} });
t('nested rest', () => { const {a: {...r}} = {} });
t('in array', () => { const [{a}] = [null] });
t('empty in array', () => { const [{}] = [null] });
t('computed in array', () => { const [{[k]: a}] = [null] });
t('default in array', () => { const [{a = 1}] = [null] });
t('assign in array', () => { let z; [{a: z}] = [nu] });

// the named value, as V8 prints it
t('call', () => { const {a} = f() });
t('call args', () => { const {a} = f(1, 2) });
t('member', () => { const {a} = obj.y });
t('member chain', () => { const {a} = obj.x.y });
t('string index', () => { const {a} = obj['y'] });
t('variable index', () => { const {a} = obj[k] });
t('number index', () => { const {a} = obj.x[0] });
t('negative index', () => { const {a} = obj.x[-1] });
t('fraction index', () => { const {a} = obj.x[1.5] });
t('tiny index', () => { const {a} = obj.x[0.000001] });
t('tinier index', () => { const {a} = obj.x[1e-7] });
t('huge index', () => { const {a} = obj.x[1e21] });
t('big index', () => { const {a} = obj.x[1e20] });
t('numeric string index', () => { const {a} = obj.x['0'] });
t('odd string index', () => { const {a} = obj.x['b-c'] });
t('template index', () => { const {a} = obj.x[`t`] });
t('expression index', () => { const {a} = obj.x[i + 1] });
t('call index', () => { const {a} = obj.x[f()] });
t('member index', () => { const {a} = obj.x[obj.x.y] });
t('null literal', () => { const {a} = null });
t('undefined', () => { const {a} = undefined });
t('void', () => { const {a} = void 0 });
t('this', function () { const {a} = this.zz }.bind({}));
t('strict this', function () { 'use strict'; const {a} = this });
t('arguments', function () { const {a} = arguments[5] });
t('comma', () => { const {a} = (1, o) });
t('comma call', () => { const {a} = (f(), o) });
t('comma list', () => { const {a} = (i, i, o) });
t('or', () => { const {a} = u || o });
t('or chain', () => { const {a} = u || u || o });
t('and or', () => { const {a} = (u && u || o) });
t('nullish', () => { const {a} = u ?? o });
t('conditional', () => { const {a} = c ? o : o });
t('assignment', () => { const {a} = (o = u) });
t('member assignment', () => { const p = {}; const {a} = (p.q = u) });
t('logical assignment', () => { const p = {}; const {a} = (p.q ??= u) });
t('compound', () => { let j = 0; const {a} = (j += 1).z });
t('parenthesized', () => { const {a} = (o) });
t('new member', () => { const {a} = new F().x });
t('object literal', () => { const {a} = {b: 1}.a });
t('empty object', () => { const {a} = {}.z });
t('array literal', () => { const {a} = [1, 2][5] });
t('array hole', () => { const {a} = [, 1][0] });
t('array names', () => { const {a} = [obj.x, f()][5] });
t('array spread', () => { const {a} = [...[1]][5] });
t('arrow call', () => { const {a} = (() => {})() });
t('function member', () => { const {a} = (function () {}).x });
t('class member', () => { const {a} = (class {}).z });
t('native call', () => { const {a} = String(o).z });
t('tagged', () => { const {a} = f`x` });
t('string', () => { const {a} = 'abc'.y });
t('quote in string', () => { const {a} = 'a"b'.y });
t('template', () => { const {a} = `x`.y });
t('template substitutions', () => { const {a} = `a${1}b${f()}`.z });
t('number', () => { const {a} = 5 .y });
t('fraction', () => { const {a} = 1.5.y });
t('exponent', () => { const {a} = (1e21).y });
t('negative', () => { const {a} = (-1).z });
t('true', () => { const {a} = true.y });
t('regexp', () => { const {a} = /x/g.z });
t('regexp flags', () => { const {a} = /x/yig.z });
t('typeof', () => { const {a} = (typeof o).z });
t('not', () => { const {a} = (!o).z });
t('plus', () => { const {a} = (+i).z });
t('delete', () => { const {a} = (delete obj.q).z });
t('postfix', () => { let j = 0; const {a} = (j--).z });
t('prefix', () => { let j = 0; const {a} = (--j).z });
t('sum', () => { const {a} = (i * 2 + 1).z });
t('sum chain', () => { const {a} = (i + 1 + 2).z });
t('sum parenthesized', () => { const {a} = ((i + 1) + 2).z });
t('mixed', () => { const {a} = (i + 1 - 2).z });
t('right nested', () => { const {a} = (i - (1 - i)).z });
t('string sum', () => { const {a} = (i + 'x' + i).z });
t('compare', () => { const {a} = (i < 1).z });
t('compare chain', () => { const {a} = (i < 1 < 2).z });
t('not equal', () => { const {a} = (i != 1).z });
t('strict not equal', () => { const {a} = (i !== 1).z });
t('equal', () => { const {a} = (i === 1).z });
t('in', () => { const {a} = (i in obj).z });
t('instanceof', () => { const {a} = (u instanceof F).z });
t('power', () => { const {a} = (i ** 2).z });
t('shift', () => { const {a} = (i >>> 1).z });
t('bits', () => { const {a} = (i | 1 | 2).z });
t('optional', () => { const {a} = obj.x?.y });
t('optional call', () => { const {a} = f()?.x });
t('super', () => { class A { m() { const {a} = super.x } } new A().m() });
t('private', () => { class B { #p; m() { const {a} = this.#p } } new B().m() });
t('new.target', () => { function h() { const {a} = new.target } h() });
t('unicode name', () => { const é = undefined; const {a} = é });
t('dollar name', () => { const $x = undefined; const {a} = $x });

// parameters: the value described
t('param', () => { (function ({a}) {})() });
t('param null', () => { (function ({a}) {})(null) });
t('arrow param', () => { (({a}) => a)() });
t('arrow param null', () => { (({a}) => a)(nu) });
t('second param', () => { (function (x, {a}) {})(1, null) });
t('param empty', () => { (function ({}) {})() });
t('param computed', () => { (function ({[k]: a}) {})() });
t('param rest', () => { (function ({...r}) {})() });
t('param default first', () => { (function ({a = 1}) {})() });
t('param nested', () => { (function ({a: {b}}) {})({}) });
t('for head default', () => { for (const {a = 1} of [null]); });
t('for assign head', () => { let a; for ({a} of [null]); });

// for-of
t('of number', () => { for (const x of n); });
t('of object', () => { for (const x of obj); });
t('of member', () => { for (const x of obj.x); });
t('of member chain', () => { for (const x of obj.x.y); });
t('of index', () => { for (const x of obj.x[0]); });
t('of string index', () => { for (const x of obj.x['y']); });
t('of variable index', () => { for (const x of obj.x[k]); });
t('of odd index', () => { for (const x of obj['b-c']); });
t('of symbol index', () => { for (const x of obj.x[Symbol.iterator]); });
t('of call', () => { for (const x of f()); });
t('of method call', () => { for (const x of obj.m()); });
t('of call call', () => { for (const x of g5.call(null)); });
t('of new', () => { for (const x of new Object()); });
t('of new no parens', () => { for (const x of new F); });
t('of new member', () => { for (const x of new F().x); });
t('of native call', () => { for (const x of Symbol()); });
t('of tagged', () => { for (const x of f`x`); });
t('of empty object', () => { for (const x of {}); });
t('of object literal', () => { for (const x of {a: 1}); });
t('of function', () => { for (const x of function () {}); });
t('of arrow', () => { for (const x of (x => x)); });
t('of null', () => { for (const x of null); });
t('of undefined', () => { for (const x of undefined); });
t('of undefined var', () => { for (const x of o); });
t('of literal', () => { for (const x of 5); });
t('of true', () => { for (const x of true); });
t('of regexp', () => { for (const x of /x/); });
t('of comma', () => { for (const x of (1, obj)); });
t('of comma call', () => { for (const x of (f(), obj)); });
t('of array index', () => { for (const x of [1][0]); });
t('of array member', () => { for (const x of [1, 2].x); });
t('of this', function () { for (const x of this); }.bind({}));
t('of string member', () => { for (const x of 'abc'.foo); });
t('of string length', () => { for (const x of 'abc'.length); });
t('of negation', () => { for (const x of -n); });
t('of sum', () => { for (const x of n + 1); });
t('of postfix', () => { let m = 5; for (const x of m++); });
t('of assignment', () => { let p; for (const x of (p = 5)); });
t('of parenthesized', () => { for (const x of (n)); });
t('of nullish', () => { for (const x of u ?? nu); });
t('of symbol', () => { for (const x of Symbol.iterator); });
t('of conditional', () => { for (const x of c ? o : o); });
t('of or', () => { for (const x of u || o); });
t('of and', () => { for (const x of c && o); });
t('of optional', () => { for (const x of obj?.x); });
t('of assign head', () => { let x; for (x of n); });
t('of var head', () => { for (var x of n); });
t('of label', () => { l: for (const x of n); });

// array patterns: named in declarations, the value described elsewhere
t('array', () => { const [a] = obj });
t('array undefined', () => { const [a] = o });
t('array null', () => { const [a] = null });
t('array null var', () => { const [a] = nu });
t('array number', () => { const [a] = n });
t('array literal', () => { const [a] = 5 });
t('array two', () => { const [a, b] = n });
t('array rest', () => { const [...r] = n });
t('array default', () => { const [a = 1] = n });
t('array void', () => { const [a] = void 0 });
t('array this', function () { const [a] = this }.bind({}));
t('array empty object', () => { const [a] = {} });
t('array object', () => { const [a] = {a: 1} });
t('array negation', () => { const [a] = -n });
t('array not', () => { const [a] = !n });
t('array call', () => { const [a] = f() });
t('array method call', () => { const [a] = obj.m() });
t('array new', () => { const [a] = new F });
t('array conditional', () => { const [a] = c ? obj : obj });
t('array arrow', () => { const [a] = () => 1 });
t('array class', () => { const [a] = class {} });
t('array regexp', () => { const [a] = /x/ });
t('array for init', () => { for (const [a] = n; ;) break });
t('array member', () => { const [a] = obj.x });
t('array member chain', () => { const [a] = obj.x.y });
t('array index', () => { const [a] = obj[k] });
t('array literal index', () => { const [a] = [1][0] });
t('array parenthesized', () => { const [a] = (o) });
t('array parenthesized null', () => { const [a] = (nu) });
t('array comma', () => { const [a] = (1, obj) });
t('array or', () => { const [a] = u || o });
t('array sum', () => { const [a] = n + 1 });
t('array assignment', () => { let p; const [a] = p = n });
t('array prefix', () => { let m = 5; const [a] = ++m });
t('array optional', () => { const [a] = obj.x?.y });
t('array tagged', () => { const [a] = f`x` });
t('array assign', () => { let a; [a] = n });
t('array assign object', () => { let a2; [a2] = obj });
t('array assign chained', () => { let q, a2; q = [a2] = obj });
t('array param', () => { (function ([a]) {})(5) });
t('array second param', () => { (function (a, [b]) {})(1, {}) });
t('array param default', () => { (function ([a] = 5) {})() });
t('array nested', () => { const [[a]] = [5] });
t('array nested null', () => { const [[a]] = [null] });
t('array catch', () => { try { throw 5 } catch ([a]) {} });
t('array catch object', () => { try { throw obj } catch ([a]) {} });
t('array for assign head', () => { let a; for ([a] of [obj]); });

// spread in an array literal
t('spread', () => [...obj]);
t('spread undefined', () => [...o]);
t('spread number', () => [...n]);
t('spread null', () => [...nu]);
t('spread later', () => [1, ...obj]);
t('spread member', () => [...obj.x.y]);
t('spread index', () => [...obj[k]]);
t('spread string member', () => [...'x'.y]);
t('spread call', () => [...f()]);
t('spread method call', () => [...obj.m()]);
t('spread new', () => [...new F()]);
t('spread conditional', () => [...c ? o : o]);
t('spread or', () => [...u || o]);
t('spread comma', () => [...(1, o)]);
t('spread negation', () => [...-n]);
t('spread object', () => [...{a: 1, b: 2}]);
t('spread empty object', () => [...{}]);
t('spread literal', () => [...5]);
t('spread function', () => [...function () { return 1 }]);
t('spread this', function () { return [...this] }.bind({}));
t('spread sum', () => [...n + 1]);
t('spread assignment', () => { let p; return [...(p = n)] });
t('spread optional', () => [...obj.x?.y]);
t('spread tagged', () => [...f`x`]);
t('spread regexp', () => [.../x/]);
t('spread postfix', () => { let m = 5; return [...m++] });

// spread in a call: a single last one is named
t('call spread', () => f(...obj));
t('call spread undefined', () => f(...o));
t('call spread null', () => f(...nu));
t('call spread number', () => f(...n));
t('call spread literal', () => f(...5));
t('call spread true', () => f(...true));
t('call spread later', () => f(1, ...o));
t('call spread later null', () => f(1, ...nu));
t('call spread later object', () => f(1, ...obj));
t('call spread member', () => f(...obj.x.y));
t('call spread index', () => f(...obj[k]));
t('call spread call', () => f(...f()));
t('call spread new', () => f(...new F()));
t('call spread new member', () => f(...new F().y));
t('call spread conditional', () => f(...c ? o : o));
t('call spread or', () => f(...(u || o)));
t('call spread negation', () => f(...-n));
t('call spread index literal', () => f(...[1][0]));
t('call spread empty object', () => f(...{}));
t('method spread', () => obj.m(...o));
t('method spread object', () => obj.m(...obj));
t('method spread later', () => obj.m(1, ...o));
t('optional call spread', () => f?.(...o));
t('optional method spread', () => obj?.m(...o));
t('Math.max spread', () => Math.max(...{}));
t('Math.max spread undefined', () => Math.max(...o));
t('Math.max spread number', () => Math.max(...n));
t('new spread', () => new F(...obj));
t('new spread undefined', () => new F(...o));
t('new spread null', () => new F(...nu));
t('new spread later', () => new F(1, ...o));
t('spread not last', () => f(...o, 1));
t('spread not last null', () => f(...nu, 1));
t('spread not last object', () => f(...obj, 1));
t('spread middle', () => f(1, ...obj, 2));
t('two spreads', () => f(...obj, ...o));
t('two spreads later', () => f(...[], ...o));
t('two spreads object', () => f(...[], ...obj));
t('new spread not last', () => new F(...o, 1));
t('new spread not last object', () => new F(...obj, 1));

// built-ins: the value described
t('Map', () => new Map(5));
t('Map object', () => new Map(obj));
t('Map null', () => new Map(null));
t('Set object', () => new Set(obj));
t('Set true', () => new Set(true));
t('Set symbol', () => new Set(Symbol()));
t('Set function', () => new Set(function () {}));
t('Set bigint', () => new Set(5n));
t('Set null', () => new Set(null));
t('WeakMap', () => new WeakMap(obj));
t('WeakSet', () => new WeakSet(5));
t('fromEntries', () => Object.fromEntries(obj));
t('fromEntries number', () => Object.fromEntries(5));
t('fromEntries null', () => Object.fromEntries(null));
t('fromEntries none', () => Object.fromEntries());
t('AggregateError', () => new AggregateError(5));
t('Array.from number', () => Array.from(5));
t('Array.from object', () => Array.from(obj));

// asynchronous: promise combinators and for await, one after another
const later = [
	['Promise.all', () => Promise.all(5)],
	['Promise.race', () => Promise.race(obj)],
	['Promise.allSettled', () => Promise.allSettled(5)],
	['Promise.any', () => Promise.any(5)],
	['await of number', async () => { for await (const x of n); }],
	['await of object', async () => { for await (const x of {}); }],
	['await of member', async () => { for await (const x of obj.x); }],
	['await of call', async () => { for await (const x of g5()); }],
	['await of undefined', async () => { for await (const x of u); }],
	['await of null', async () => { for await (const x of nu); }],
	['await of undefined call', async () => { for await (const x of f()); }],
	['await of conditional', async () => { for await (const x of c ? n : n); }],
	['await of or', async () => { for await (const x of u || n); }],
	['await in pattern', async () => { const {a} = await nu }],
	['await array', async () => { const [a] = await n }],
	['await of await', async () => { for (const x of await n); }],
	['await spread', async () => [...await n]],
	['await call spread', async () => f(...await u)],
];
(async () => {
	for (const [label, h] of later) {
		try { await h(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) }
	}
})();

// ES2015 function name inference on lowered functions and classes.
function desc(f) {
	var d = Object.getOwnPropertyDescriptor(f, 'name');
	return d ? JSON.stringify(d.value) + ' w' + d.writable + ' e' +
	    d.enumerable + ' c' + d.configurable : 'inherited';
}
let arrow = () => {};
const fn = function () {};
var asyncArrow = async () => {};
let gen = function* () {};
let cls = class {};
let named = class X {};
let cover = (function () {});
let notCover = (0, function () {});
console.log(desc(arrow), desc(fn), desc(asyncArrow), desc(gen));
console.log(cls.name, named.name, cover.name, JSON.stringify(notCover.name));
var assigned;
assigned = () => 1;
var paren;
(paren) = () => 1;
var lazy;
lazy ??= function () {};
console.log(assigned.name, JSON.stringify(paren.name), lazy.name);
let [d1 = () => {}] = [];
let { d2 = function () {} } = {};
var d3, d4;
[d3 = class {}] = [];
({ d4 = async function () {} } = {});
console.log(d1.name, d2.name, d3.name, d4.name);
function params(p1 = () => {}, { p2 = () => {} } = {}) {
	return [p1.name, p2.name].join(' ');
}
console.log(params());
let o = { m: () => {}, 'a b': function () {}, 7: class {}, meth() {} };
console.log(o.m.name, o['a b'].name, o[7].name, o.meth.name);
let explicit = function inner() {};
let withStatic = class { static name() { return 'own'; } };
console.log(explicit.name, withStatic.name());
// the name does not become a binding inside the function
let outer = 'outer';
let shadow = { outer: () => typeof outer };
console.log(shadow.outer(), shadow.outer.name);
// computed keys name functions by their value
{
var s = Symbol('sym'), e = Symbol();
var co = { [s]: () => 1, [e]: function () {}, ['a' + 1]() {}, *['g']() {}, get [s]() { return 1; }, 7: 1 };
console.log(co[e].name === '', co.a1.name, co.g.name, Object.getOwnPropertyDescriptor(co, s).get.name);
var o2 = { [s]: () => 1 }; console.log(o2[s].name);
var k = 0; var o3 = { [k++]: function () {}, [k++]: 2 }; console.log(o3[0].name, k);
}

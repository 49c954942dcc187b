// Direct eval code sees the bindings in view, also those the lowering renamed
// or keeps in per-iteration environments.
function outer() { let a = 1; { let a = 2; return eval('a'); } }
console.log(outer());
var fns = [];
for (let i = 0; i < 3; i++) fns.push(() => eval('i * 10'));
console.log(fns.map(f => f()).join());
function w() { let x = 1; { let x = 5; eval('x = 7'); return x; } }
console.log(w());
function nested() { let q = 1; { let q = 3; return eval('eval("q + 1")'); } }
console.log(nested());
function calls() { let r = 0; { let g = function () { return this === undefined || this === globalThis; }; for (let j = 0; j < 1; j++) { let h = function () { return typeof this; }; fns = [() => eval('h()')]; } return fns[0](); } }
console.log(calls());
// ... and in an arrow, eval code sees the arrow's this and arguments.
var o = {
	v: 42,
	m: function () { return (() => eval('this.v'))(); },
	a: function () { return (() => eval('arguments[0]'))(); },
	n: function () { return (() => eval('[1, 2].map(x => this.v + x).join()'))(); },
	k: function () { var f = () => { eval('var z = 1'); return this.v; }; return f(); }
};
console.log(o.m(), o.a(7), o.n(), o.k());
var top = () => eval('typeof this');
console.log(top());

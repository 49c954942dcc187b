// eval and Function lower their code at run time: direct eval stays direct,
// completion values, lexical names stay local, var/let conflicts throw.
console.log(eval('let q = 1; q'), typeof q);
console.log(eval('let test262id1;'), eval('7; let a8;'), eval('9; const b = 2, c = 3;'));
console.log(eval('async function f() {}'), eval('1; async function g() {}'), typeof g);
console.log(eval('class C {}'), eval('2; class D {}'));
var r = (0, eval)('var gv = 5; let gl = 6; gv + gl'); console.log(r, typeof gv, typeof gl);
var e2 = eval; console.log(e2('(() => 42)()'));
console.log(Function('a', 'b = 2', 'return a + b')(1));
console.log(new Function('return this')() === globalThis, (function(){}).constructor.constructor('return this')() === globalThis);
console.log(Function.prototype.constructor === Function, (() => {}) instanceof Function, Function.name, Function.length);
var a = () => { let x; eval('var x;'); };
try { a(); console.log('no error'); } catch (e) { console.log(e.name, e.message); }
var f = (p = eval("var p = 42")) => p;
try { f(); console.log('no error'); } catch (e) { console.log(e.name, e.message); }
function sl() { eval('var zz = 3'); return zz; } console.log(sl());
function st() { 'use strict'; eval('var zz2 = 3'); return typeof zz2; } console.log(st());
try { eval('let = ;'); } catch (e) { console.log(e.name); }
console.log(eval('x => x * 2')(4), eval({}) instanceof Object, eval());
(function () { var o = { v: 1 }; console.log(eval('o.v ?? 2')); })();

// A closure that touches a let/const/class binding before its declaration
// has run throws ReferenceError (runtime TDZ flags).
function chk(name, f) { try { f(); console.log(name, 'no error'); } catch (e) { console.log(name, e.constructor.name); } }
chk('global-get', function () { g1(); });
function g1() { return x + 1; }
function g2() { x = 1; }
chk('global-set', g2);
let x;
chk('after', g1);
(function () {
	function f() { return y; }
	chk('fn-get', f);
	let y = 2;
	chk('fn-after', f);
	{
		function h() { return z; }
		chk('block-get', h);
		const z = 3;
		chk('block-after', h);
	}
})();
const BASE = 'b';
function useBase() { return BASE; }
console.log(useBase());
for (let i = 0; i < 2; i++) {
	function lf() { return w; }
	chk('loop' + i, lf);
	let w = i;
	chk('loop-after' + i, lf);
}
class K { static m() { return q; } }
chk('class-method', () => K.m());
let q = 1;
chk('class-after', () => K.m());

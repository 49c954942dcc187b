// Duktape's own RegExp is out of reach: every road leads to ours.
const ours = RegExp;
print(/x/.constructor === ours, Object.getPrototypeOf(/x/) === ours.prototype);
print(new RegExp('x').constructor === ours, 'a'.match(/a/).constructor === Array);
const seen = new Set();
for (const v of [/x/, /x/gimsuy, new RegExp('x'), RegExp('x', 'd')]) {
	let p = v;
	while (p) { seen.add(p.constructor); p = Object.getPrototypeOf(p); }
}
print([...seen].filter(c => c !== ours && c !== Object).length);
print(typeof Duktape, Object.getOwnPropertyNames(RegExp.prototype).sort().join());
print(Object.getOwnPropertySymbols(RegExp.prototype).map(String).sort().join());
print(Object.getOwnPropertyNames(/x/).join());
// The console composes its lines with intrinsics captured before the
// script ran, so a String method the script replaced never sees a
// prelude pattern (nothing leaks to it).
const origReplace = String.prototype.replace;
let leaked;
String.prototype.replace = function (re, f) {
	if (typeof re === 'object' && re !== null) leaked = re;
	return origReplace.call(this, re, f);
};
console.log('%s!', 'x');
String.prototype.replace = origReplace;
print(typeof leaked);

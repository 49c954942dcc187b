// Identifiers follow Unicode's ID_Start / ID_Continue (generated from the
// installed DerivedCoreProperties.txt), and Duktape never second-guesses them.
function accepts(src) {
	try {
		eval(src);
		return "ok";
	} catch (e) {
		return e.name;
	}
}
// Other_ID_Start: letters Duktape's ES5 tables leave out.
var ℘ = 1, ℮ = 2, ゛ = 3;
console.log(℘ + ℮ + ゛);
// Unicode 15.0 (Nag Mundari), written raw and escaped, as a member too.
var a𞓐 = 4;
console.log(a\u{1E4D0} + 1, { 𞓐: 5 }.𞓐);
// A middle dot continues an identifier (Other_ID_Continue) but cannot start one.
console.log(accepts("var a\u00B7b = 1"), accepts("var \u00B7b = 1"));
// Pattern_Syntax and symbols are not identifier characters.
console.log(accepts("var \u2E2F"), accepts("var a\u2190"), accepts("var \u{1F600}"));
// ZWNJ / ZWJ continue, never start.
console.log(accepts("var a\u200Cb"), accepts("var \u200Db"));
// A non-BMP identifier is an ordinary global binding.
console.log(typeof globalThis["a𞓐"], Object.keys({ ℘x: 1 })[0]);

// String.fromCharCode's ToUint16, ToString's TypeError for Symbols in
// padStart/padEnd/String.raw, toWellFormed, and toLowerCase's Final_Sigma
// rule for cased letters outside the BMP.
const hex = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(" ");
console.log(String.fromCharCode(-5.4321).charCodeAt(0));
console.log(String.fromCharCode(65536 + 65, 65.9, -1).split("").map((c) => c.charCodeAt(0)).join(","));
console.log(String.fromCharCode().length, String.fromCharCode.length, String.fromCharCode.name);
try { String.fromCharCode(Symbol()); } catch (e) { console.log("fromCharCode symbol", e.constructor.name); }
for (const m of ["padStart", "padEnd"]) {
  try { "a"[m](5, Symbol()); console.log(m, "no throw"); } catch (e) { console.log(m, e.constructor.name); }
  console.log(JSON.stringify("ab"[m](5, "xy")), JSON.stringify("ab"[m](1, Symbol())));
}
try { String.raw({ raw: ["a", "b"] }, Symbol()); } catch (e) { console.log("raw substitution", e.constructor.name); }
try { String.raw({ raw: [Symbol()] }); } catch (e) { console.log("raw segment", e.constructor.name); }
console.log(String.raw({ raw: ["a", "b", "c"] }, 1, 2, 3));
console.log(typeof String.prototype.toWellFormed, String.prototype.toWellFormed.length);
console.log(hex("a\uD800b\uDC00c\uD83D\uDE00\uDBFF".toWellFormed()));
console.log("plain".toWellFormed() === "plain");
try { String.prototype.toWellFormed.call(null); } catch (e) { console.log("toWellFormed null", e.constructor.name); }
console.log(hex("\uD835\uDCA2\u03A3".toLowerCase()), hex("\uD835\uDCA2\u03A3".toLocaleLowerCase()));
console.log(hex("\u03A3"), hex("\u03A3".toLowerCase()));
console.log("ΟΔΥΣΣΕΥΣ ΣΑ".toLowerCase(), "A.Σ".toLowerCase(), "AΣ\u0301B".toLowerCase());
console.log("ÀB İ".toLowerCase() === "àb i̇", "MIXED Case".toLowerCase());

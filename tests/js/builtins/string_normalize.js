// String.prototype.normalize in all four forms, and localeCompare's
// canonical equivalence (engine/host/unorm.c).
const hex = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(" ");
for (const f of ["NFC", "NFD", "NFKC", "NFKD"]) {
  console.log(f, hex("e\u0301".normalize(f)), hex("\u00e9".normalize(f)),
    hex("\ufb01".normalize(f)), hex("\uac01".normalize(f)),
    hex("a\u0301\u0323".normalize(f)), hex("\ud835\udc00".normalize(f)));
}
console.log(hex("\u212b".normalize()), hex("\u0958".normalize()), hex("\u0301e".normalize()));
console.log("Crème Brûlée, Ångström".normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
const plain = "plain ascii";
console.log(plain.normalize() === plain, "".normalize("NFKD") === "");
try { "a".normalize("nfc"); } catch (e) { console.log("bad form", e.constructor.name); }
try { "a".normalize(Symbol()); } catch (e) { console.log("symbol form", e.constructor.name); }
try { String.prototype.normalize.call(undefined); } catch (e) { console.log("undefined this", e.constructor.name); }
console.log("lone surrogate kept:", hex("\ud800e\u0301".normalize()));
console.log("o\u0308".localeCompare("\u00f6"), "\u1100\u1161".localeCompare("\uac00"),
  "a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a"),
  String.prototype.localeCompare.length);
console.log(["\u00f6", "o\u0308z", "a", "o\u0308"].sort((x, y) => x.localeCompare(y)).map(hex).join(" | "));

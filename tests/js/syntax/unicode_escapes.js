const s = "\u{1F600}";
console.log(s.length, s.codePointAt(0), "\u0041\u{42}", "caf\u00e9");
const \u0061bc = 5;
console.log(abc);
console.log("😀".length, [..."a😀b"].length);

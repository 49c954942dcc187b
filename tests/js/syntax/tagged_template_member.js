const o = { p: "P", t(s, v) { return this.p + s[0] + v + s[1]; } };
console.log(o.t`<${5}>`);
console.log(String.raw ? "has raw" : "no raw");

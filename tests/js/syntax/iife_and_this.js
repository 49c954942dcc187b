const r = (function () { return typeof this; })();
const r2 = (() => typeof this)();
console.log(r, r2 === "object" || r2 === "undefined");

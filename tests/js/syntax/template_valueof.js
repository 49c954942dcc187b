const o = { valueOf() { return 42; }, toString() { return "str"; } };
console.log(`${o}`, "" + o);

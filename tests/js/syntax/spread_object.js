const a = { x: 1, y: 2 };
const b = { ...a, y: 3, z: 4 };
console.log(JSON.stringify(b));
const c = { w: 0, ...a, ...null, ...undefined, ..."hi" };
console.log(JSON.stringify(c));
const d = { ...{ get g() { return "got"; } } };
console.log(Object.getOwnPropertyDescriptor(d, "g").value);

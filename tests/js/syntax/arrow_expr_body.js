const add = (a, b) => a + b;
const obj = () => ({ a: 1 });
const id = x => x;
console.log(add(2, 3), JSON.stringify(obj()), id("z"), (() => {})());

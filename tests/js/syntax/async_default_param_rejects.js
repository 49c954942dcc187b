async function f(x = (() => { throw new Error("param"); })()) { return x; }
const p = f();
console.log(p instanceof Promise);
p.catch(e => console.log("rejected:", e.message));

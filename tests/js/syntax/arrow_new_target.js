function F() { const g = () => new.target === F; this.ok = g(); }
console.log(new F().ok);
function H() { return (() => typeof new.target)(); }
console.log(H());

class A { get x() { return this._x; } set x(v) { this._x = v * 2; } }
const a = new A(); a.x = 4;
console.log(a.x);

class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  norm() { return Math.sqrt(this.x * this.x + this.y * this.y); }
  toString() { return `(${this.x}, ${this.y})`; }
  static origin() { return new Point(0, 0); }
}
const p = new Point(3, 4);
console.log(p.norm(), String(p), String(Point.origin()), typeof Point);
console.log(Object.keys(p).join(","), Object.keys(Point.prototype).length);

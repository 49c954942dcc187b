class Stack extends Array {
  top() { return this[this.length - 1]; }
}
const s = new Stack();
s.push(1, 2, 3);
console.log(s.length, s.top(), s instanceof Stack, Array.isArray(s));

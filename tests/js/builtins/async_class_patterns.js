// @node @modern

class Queue {
  #items = [];
  #waiters = [];
  push(v) { const w = this.#waiters.shift(); if (w) w(v); else this.#items.push(v); }
  async pop() { if (this.#items.length) return this.#items.shift(); return new Promise(r => this.#waiters.push(r)); }
}
const q = new Queue();
(async () => { const a = await q.pop(); const b = await q.pop(); print('got', a, b); })();
setTimeout(() => q.push('x'), 5);
setTimeout(() => q.push('y'), 10);

const o = { *items() { yield* [1, 2]; }, data: [3, 4], *[Symbol.iterator]() { yield* this.data; } };
console.log([...o.items()].join(","), [...o].join(","));
class Tree { constructor(v, kids = []) { this.v = v; this.kids = kids; } *walk() { yield this.v; for (const k of this.kids) yield* k.walk(); } }
console.log([...new Tree(1, [new Tree(2, [new Tree(3)]), new Tree(4)]).walk()].join(","));

// @node @modern

const tryIt = (f) => { try { f(); print('no error'); } catch (e) { print(e.constructor.name); } };
tryIt(() => { for (const x of 5) {} });
tryIt(() => { for (const x of {}) {} });
tryIt(() => { const [a] = null; });
tryIt(() => [...undefined]);
tryIt(() => new Map([1, 2]));
tryIt(() => { for (const x of { [Symbol.iterator]: () => 5 }) {} });

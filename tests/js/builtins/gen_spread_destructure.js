// @node @modern

function* nums() { yield 1; yield 2; yield 3; }
print([...nums()].join(), Math.max(...nums()));
const [a, , c] = nums(); print(a, c);
const [x, ...rest] = nums(); print(x, rest.join());
let closed = false;
function* inf() { try { let i = 0; while (true) yield i++; } finally { closed = true; } }
const [p, q] = inf(); print(p, q, 'closed', closed);
print(Array.from(nums(), v => v * 10).join(), new Set(nums()).size, new Map([[1, 2]].values()).size);
print(Object.fromEntries((function* () { yield ['k', 'v']; })()).k);

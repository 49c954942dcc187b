// @node @modern

print(JSON.stringify(Array(3).fill()), JSON.stringify([1, 2, 3].fill(4, -3, -2)), JSON.stringify([1, 2, 3].fill(4, NaN, NaN)));
print(JSON.stringify([1, 2, 3, 4, 5].copyWithin(-2)), JSON.stringify([1, 2, 3, 4, 5].copyWithin(0, 3, 4)), JSON.stringify([1, 2, 3, 4, 5].copyWithin(2, 0)));
const o = { length: 3, 0: 'a' }; Array.prototype.fill.call(o, 'z', 1); print(JSON.stringify(o));

// @node @modern

const a = [5, 12, 8, 130, 44];
print(a.at(-2), a.at(2), a.at(-6), a.at(NaN), a.at(Infinity));
print(a.findLast(x => x > 45), a.findLastIndex(x => x > 45), a.findLast(x => x > 500), a.findLastIndex(x => x > 500));
const visited = []; [1, , 3].findLast((v, i) => { visited.push(i + ':' + v); }); print(visited.join());

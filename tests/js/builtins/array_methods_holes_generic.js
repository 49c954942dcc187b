// @node @modern

const sparse = [1, , 3];
print(sparse.find(x => x === undefined), sparse.findIndex(x => x === undefined), sparse.includes(undefined));
print(JSON.stringify(sparse.flat()), JSON.stringify([...sparse]), JSON.stringify(Array.from(sparse)));
print(JSON.stringify([...sparse.keys()]), JSON.stringify(sparse.toReversed()), JSON.stringify(sparse.with(1, 2)));
const arrLike = { length: 3, 0: 'a', 2: 'c' };
print(Array.prototype.findLast.call(arrLike, x => x), JSON.stringify(Array.prototype.toSorted.call(arrLike)), JSON.stringify(Array.from(arrLike)));

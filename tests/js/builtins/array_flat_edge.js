// @node @modern

print(JSON.stringify([[[]]].flat(2)), JSON.stringify([1, [2, [3]]].flat(0)), JSON.stringify([1, [2, [3]]].flat(-1)));
print(JSON.stringify(['a b', 'c'].flatMap(s => s.split(' '))));
print(JSON.stringify([1, 2].flatMap(x => [[x]])));
const arrLike = { length: 2, 0: [1], 1: 2 };
print(JSON.stringify(Array.prototype.flat.call(arrLike)));

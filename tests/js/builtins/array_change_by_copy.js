// @node @modern

const a = [3, 1, 2];
const s = a.toSorted((x, y) => y - x), r = a.toReversed(), sp = a.toSpliced(0, 1), w = a.with(1, 'w');
print(a.join(), s.join(), r.join(), sp.join(), w.join());
print([1, 2, 3].toSpliced().join(), [1, 2, 3].toSpliced(1).join(), [1, 2, 3].toSpliced(-1, 0, 'a', 'b').join());
print(JSON.stringify([, 'x'].toSpliced(0, 0)), [1, 2].with(-2, 0).join());
try { [].with(0, 1); } catch (e) { print(e.constructor.name); }
print(Array.prototype.toSorted.length, Array.prototype.toSpliced.length, Array.prototype.with.length);

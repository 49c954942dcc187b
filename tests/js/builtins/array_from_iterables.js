// @node @modern

print(Array.from(new Map([[1, 'a']]).values()).join(), Array.from('𝒳y').length, Array.from({ length: 3 }).join('-'));
function* g() { yield 'g1'; yield 'g2'; }
print(Array.from(g()).join(), Array.from(g(), (v, i) => v + i).join());
print(Array.from([1, , 3]).length, 1 in Array.from([1, , 3]));
try { Array.from([1], 'notfn'); } catch (e) { print(e.constructor.name); }
try { Array.from(null); } catch (e) { print(e.constructor.name); }
const iterThrow = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { print('closed on mapFn error'); return {}; } }; } };
try { Array.from(iterThrow, () => { throw new Error('mapfn'); }); } catch (e) { print(e.message); }

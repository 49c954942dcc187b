// Iterator.concat, Iterator.zip / zipKeyed, chunks, windows, includes,
// join and [Symbol.dispose] on iterators.
print(Iterator.concat([1, 2], new Set([3]), 'ab'.split('')).toArray().join());
try { Iterator.concat(1); } catch (e) { print(e instanceof TypeError); }
print(JSON.stringify(Iterator.zip([[1, 2, 3], ['a', 'b']]).toArray()));
print(JSON.stringify(Iterator.zip([[1, 2, 3], ['a', 'b']], { mode: 'longest', padding: [0, '-'] }).toArray()));
try { Iterator.zip([[1], [2, 3]], { mode: 'strict' }).toArray(); } catch (e) { print('strict', e instanceof TypeError); }
try { Iterator.zip([], { mode: 'odd' }); } catch (e) { print('mode', e instanceof TypeError); }
print(JSON.stringify(Iterator.zipKeyed({ a: [1, 2], b: [3, 4] }).toArray()));
print(JSON.stringify([1, 2, 3, 4, 5].values().chunks(2).toArray()));
print(JSON.stringify([1, 2, 3, 4].values().windows(3).toArray()));
print(JSON.stringify([1, 2].values().windows(3, 'allow-partial').toArray()), [1, 2].values().windows(3).toArray().length);
try { [1].values().chunks(0); } catch (e) { print('chunks', e instanceof RangeError); }
print([1, NaN, -0].values().includes(NaN), [1, 2, 3].values().includes(1, 1), [1, 2, 3].values().includes(0));
print(['a', null, 'b', undefined].values().join(), [1, 2].values().join(' + '));
var closed = 0;
var it = { __proto__: Iterator.prototype, next: function () { return { done: false, value: 1 }; }, return: function () { closed++; return {}; } };
it[Symbol.dispose]();
print(closed, typeof Symbol.dispose, typeof Symbol.asyncDispose, Symbol.dispose.description);

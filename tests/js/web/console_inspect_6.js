// @node
console.log([1,2,3], 'x', {}, [], 'end');
console.log({ 'key with space': true, valid_id: 1, $d: 2, '1a': 3 });
console.log([100, 2000, 30000, 400000, 5, 60, 700, 8]);

// @node @modern

const a = [1, 2, NaN, undefined, -0];
print(a.includes(NaN), a.indexOf(NaN), a.includes(undefined), a.includes(0), a.indexOf(0), a.includes('1'));
print([1, 2, 3].includes(1, 1), [1, 2, 3].includes(3, -1), [1, 2, 3].includes(1, -10), [].includes(undefined));
print(new Array(3).includes(undefined), new Array(3).indexOf(undefined));

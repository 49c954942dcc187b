// @node
console.log(new ArrayBuffer(3), 'multi\nline', ['multi\nline'], [1.5, -0, NaN]);
console.log({a:[1,2,3,4,5,6,7,8,9,10], b:{c:'x'.repeat(30), d:'y'.repeat(30)}});
console.log([ 'a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'g', 'hh' ]);
console.log(new Array(150).join('x').split(''));

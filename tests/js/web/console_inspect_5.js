// @node
console.log([[1,2,3,4,5,6,7],[8,9,10,11,12,13,14,15]], {x:[{y:[{z:1}]}]});
console.log('%d %i %f %s', '12abc', -3.7, '1.5e3', 5, 'extra');
console.log('%c styled', 'color:red');
console.log(); console.log(''); console.log('%s');

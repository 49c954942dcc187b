// @node
console.log('a', 1, -0, true, null, undefined, [1,'x',{a:1}], {a:{b:{c:{d:1}}}}, 'q');
console.log([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27]);
console.log(['apple','banana','cherry','dates','elder','figs','grape']);
console.log({ alpha: 'a long string value here', beta: 'another long string value', gamma: 12345 });

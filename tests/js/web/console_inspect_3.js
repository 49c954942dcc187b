// @node
console.log({ 'a-b': 1, [Symbol('k')]: 2, 3: 'x' }, [undefined, null], "it's", ["it's"]);
console.log(new Date(0), /re/g, new Number(3));
console.log(Promise.resolve(4), new Promise(function(){}), Promise.reject(new Error('x')).catch(function(){}) && 1);
function Foo(){ this.x = 1; } console.log(new Foo(), [[1,[2,[3,[4]]]]], {get g(){return 1}, set s(v){}});

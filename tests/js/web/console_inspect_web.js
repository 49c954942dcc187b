// @node
console.log(new URL('https://a.com/p?x=1#h'));
console.log(new URLSearchParams('a=1&b=2'), new URLSearchParams(''));
console.log(new Headers({ b: '2', a: '1' }), new Headers());
console.log([new URL('http://a')]);
console.log({ s: AbortSignal.abort() }, new AbortController().signal);
console.log({ u: new URLSearchParams('q=x y') });

// @node
console.log('%s|%s|%s|%s', 1.5, -0, null, undefined);
console.log('%d|%d|%d|%i|%i', '42', 'x', {}, 3.9, -3.9);
console.log('%f|%f|%f', '3.25abc', 'no', 7);
console.log('%j|%j', [1, 'a'], 'str');
console.log('%s', 'a', 'b', { c: 1 });
console.log('%x %q %', 1);
console.log('a%%b %s', 'c');
console.log('no args %s');
console.log(5, '%s', 'x');

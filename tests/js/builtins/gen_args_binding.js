// @node @modern

function* g(a, b = a * 2, ...rest) { yield a; yield b; yield rest.length; yield arguments.length; }
print([...g(1)].join(), [...g(1, 5, 7, 8)].join());
function* d({ x, y } = { x: 'dx', y: 'dy' }) { yield x + y; }
print(d().next().value, d({ x: 1, y: 2 }).next().value);

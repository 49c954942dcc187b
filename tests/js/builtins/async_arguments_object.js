// @node @modern

async function f(a, b) { await null; return arguments.length + ':' + [...arguments].join(',') + ':' + a + b; }
f(1, 2, 3).then(print);
async function g() { const args = arguments; await null; args[0] = 'changed'; return args[0]; }
g('orig').then(print);

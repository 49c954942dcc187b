// @node @modern

function f() { return [...arguments].join('|'); }
print(f(1, 'a', null));
function g() { const out = []; for (const a of arguments) out.push(typeof a); return out.join(); }
print(g(1, 's', {}, undefined));
function h() { const [first, ...rest] = arguments; return first + ':' + rest.length; }
print(h(9, 8, 7));
function k() { return Array.from(arguments, x => x * 2).join(); }
print(k(1, 2, 3), typeof arguments === 'undefined' ? 'no global arguments' : 'has');

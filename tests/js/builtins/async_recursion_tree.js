// @node @modern

async function sum(node) { if (!node) return 0; const [l, r] = await Promise.all([sum(node.l), sum(node.r)]); return node.v + l + r; }
function build(d) { return d === 0 ? null : { v: d, l: build(d - 1), r: build(d - 1) }; }
sum(build(10)).then(v => print('tree sum', v));

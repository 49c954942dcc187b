// @node
function Point(x, y) { this.x = x; this.y = y; }
console.log(new Point(1, 2), [new Point(0, 0)]);
console.log({ a: { b: { c: { d: { e: 1 } } } } });
console.log([[[[1]]]], { arr: [[[['deep']]]] });
console.log(new Array(120).fill(7));
console.log(['x'.repeat(90)]);
console.log({ k: 'line1\nline2', q: "it's \"quoted\"", b: 'back\\slash', t: 'tab\there' });
console.log(new Map([['nested', new Map([[1, new Set([2])]])]]));
console.log(new Int16Array([-1, 2]), new Float64Array([0.5, -0]), new Uint8Array(0));

// @node @modern

const u = new Uint8Array([1, 2, 3]);
print([...u].join(), Math.max(...u), Array.from(u.entries()).length);
const [a, ...r] = new Float32Array([0.5, 1.5, 2.5]); print(a, r.join());
print(new Set(new Int8Array([1, 1, 2])).size, new Uint8Array(new Set([7, 8])).length);
print(Uint8Array.from(new Map([[1, 2]]).keys()).join(), new Uint8Array([1, 2, 3]).map(x => x * 100).join());
print(new Uint8Array([5, 10]).toString(), `${new Int16Array([-1, 2])}`);

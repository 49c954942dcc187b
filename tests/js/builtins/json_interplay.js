// @node @modern

const m = new Map([['a', 1]]), s = new Set([1]);
print(JSON.stringify({ m, s, p: Promise.resolve(), g: (function* () {})() }));
print(JSON.stringify([...m]), JSON.stringify(Object.fromEntries(m)));
print(JSON.stringify({ d: new Date(0) }), JSON.stringify(/re/g), JSON.stringify(new Uint8Array([1])));

// @node @modern

const s = new Set([1, 2, 3]);
const seen = [];
for (const v of s) { seen.push(v); if (v < 5) s.add(v + 3); if (seen.length > 20) break; }
print(seen.join());
const m = new Map([[1, 'a']]);
const out = [];
for (const [k] of m) { out.push(k); m.delete(k); if (k < 4) m.set(k + 1, 'x'); }
print(out.join(), m.size);

// @node @modern

const m = new Map();
for (let i = 0; i < 20000; i++) m.set('k' + i, i);
for (let i = 0; i < 20000; i += 2) m.delete('k' + i);
let s = 0; for (const v of m.values()) s += v;
print(m.size, s, m.get('k19999'), m.has('k0'));
const objs = []; const om = new Map();
for (let i = 0; i < 5000; i++) { const o = { i }; objs.push(o); om.set(o, i); }
let ok = true; for (let i = 0; i < 5000; i++) if (om.get(objs[i]) !== i) ok = false;
print(om.size, ok);
const st = new Set(); for (let i = 0; i < 10000; i++) st.add(i % 1000); print(st.size);

// @node @modern

const a = [1]; a.push(a);
const c = structuredClone(a); print(c[1] === c, c !== a);
const m = new Map(); m.set('self', m); const mc = structuredClone(m); print(mc.get('self') === mc);
const buf = new ArrayBuffer(4); const v1 = new Uint8Array(buf), v2 = new Uint16Array(buf);
v1[0] = 1; const both = structuredClone({ v1, v2 }); print(both.v1.buffer === both.v2.buffer, both.v1[0]);
const dv = new DataView(new ArrayBuffer(2)); dv.setUint8(1, 9); print(structuredClone(dv).getUint8(1));
const d = structuredClone(new Date(0)); print(d.toISOString());
try { structuredClone(new WeakMap()); } catch (e) { print(e.name); }
try { structuredClone(Promise.resolve()); } catch (e) { print(e.name); }
try { structuredClone(); } catch (e) { print(e.constructor.name); }

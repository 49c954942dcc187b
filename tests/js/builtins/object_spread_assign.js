// @node @modern

const p = Promise.resolve(1);
const copy = { ...p }; print(Object.keys(copy).length, Object.getOwnPropertySymbols(copy).length);
const m = new Map([[1, 2]]); const mc = Object.assign({}, m); print(Object.keys(mc).length, Object.getOwnPropertySymbols(mc).length);
const s = Symbol('user'); const o = { [s]: 1, a: 2 }; const oc = Object.assign({}, o); print(oc[s], oc.a, Object.getOwnPropertySymbols(oc).length);
const k = {}; new WeakMap().set(k, 1); print(Object.getOwnPropertySymbols(k).length, Reflect.ownKeys(k).length, JSON.stringify({ ...k }));
const g = (function* () {})(); print(Reflect.ownKeys(g).length);
print(Object.assign.length, Object.assign({}, null, undefined, 'ab')[1]);

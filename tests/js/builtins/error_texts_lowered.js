// Where the callee cannot be told from the code, the name is V8's "(intermediate value)": a value two branches may have made, a comma expression, a temporary of the lowering. (Node prints the source here; ours cannot, and must never print a wrong name.)
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
t('or', () => { const a = {}, b = {}; (a || b).x() });
t('conditional', () => { const c = true, f = 1, g = 2; (c ? f : g)() });
t('optional chain', () => { const o = { a: {} }; o?.a.b() });
t('optional call', () => { const o = { f: 1 }; o.f?.() });
t('literal object', () => ({}).x());
t('loop var', () => { for (let i = 0; i < 1; i++) { const fn = i; fn() } });
t('after branch', () => { let f = 1; if (Math.random() < 2) f = 2; f() });

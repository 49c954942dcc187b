// Where our account of a JSON circle is shorter than V8's: a circle deeper than the 64 objects the encoder keeps in order, and a step a toJSON made (no own property holds the next object), read "..." for the steps between.
const show = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', JSON.stringify(e.name + ': ' + e.message)) } };
function chain(n) { const root = {}; let o = root; for (let i = 1; i < n; i++) { o['k' + i] = {}; o = o['k' + i] } o.back = root; return root }
show('circle 70 deep', () => JSON.stringify(chain(70)));
show('circle 64 deep', () => JSON.stringify(chain(64)));
show('circle through toJSON', () => { const o = {}; const inner = { b: o }; o.a = { toJSON() { return inner } }; JSON.stringify(o) });
show('circle under a deep start', () => { let o = {}; const top = o; for (let i = 0; i < 80; i++) { o.n = {}; o = o.n } o.self = o; JSON.stringify(top) });

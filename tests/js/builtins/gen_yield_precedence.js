// @node @modern

function* g() { const a = yield; const b = (yield a) + 1; const c = [yield, yield]; yield c; return b; }
const it = g();
const r = [];
r.push(JSON.stringify(it.next('x')));
r.push(JSON.stringify(it.next('A')));
r.push(JSON.stringify(it.next(10)));
r.push(JSON.stringify(it.next('c1')));
r.push(JSON.stringify(it.next('c2')));
r.push(JSON.stringify(it.next()));
print(r.join(' '));

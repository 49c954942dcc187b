// @node @modern

function* g() { yield 1; yield 2; }
const it = g();
print(JSON.stringify(it.return('early')), JSON.stringify(it.next()), JSON.stringify(it.return('again')));
try { it.throw(new Error('after done')); } catch (e) { print('throw after done:', e.message); }
const it2 = g(); it2.next(); it2.next(); it2.next();
print(JSON.stringify(it2.next()), JSON.stringify(it2.return()));
function* h() { try { yield 'a'; } catch (e) { print('caught', e); return 'from catch'; } }
const it3 = h(); it3.next(); print(JSON.stringify(it3.throw('X')));

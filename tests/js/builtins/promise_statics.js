// @node
function show(tag) { return function (v) { print(tag, JSON.stringify(v)); }; }
function showErr(tag) { return function (e) { print(tag, e.name, e.message, e.errors ? JSON.stringify(e.errors) : ''); }; }
Promise.all([1, Promise.resolve(2), { then: function (r) { r(3); } }]).then(show('all'));
Promise.all([]).then(show('all-empty'));
Promise.all([1, Promise.reject(new Error('x')), 3]).then(show('no'), showErr('all-rej'));
Promise.allSettled([1, Promise.reject('r'), Promise.resolve(3)]).then(show('allSettled'));
Promise.any([Promise.reject(1), Promise.resolve(2), 3]).then(show('any'));
Promise.any([Promise.reject(1), Promise.reject(2)]).then(show('no'), showErr('any-rej'));
Promise.any([]).then(show('no'), showErr('any-empty'));
Promise.race([new Promise(function (r) { setTimeout(r, 10, 'slow'); }), new Promise(function (r) { setTimeout(r, 5, 'fast'); })]).then(show('race'));
Promise.race([]).then(show('never'));
Promise.all('abc').then(show('all-string'));
Promise.all(5).then(show('no'), function (e) { print('all-5', e.name); });
Promise.reject(new Error('e1')).catch(function (e) { return 'recovered ' + e.message; }).then(show('catch'));
Promise.resolve(7).finally(function () { print('finally1'); return 99; }).then(show('finally-keeps'));
Promise.reject(8).finally(function () { print('finally2'); }).catch(show('finally-rej'));
Promise.resolve(1).finally(function () { throw 'fthrow'; }).catch(show('finally-throw'));
print(typeof Promise.prototype.then, Promise.prototype.then.length, Promise.all.length, Promise.length);
print(Object.prototype.toString.call(Promise.resolve()), String(Promise.resolve()));
print(Object.keys(Promise.resolve(1)).length, JSON.stringify(Promise.resolve(1)));
try { Promise(function () {}); } catch (e) { print(e.name); }
try { new Promise(5); } catch (e) { print(e.name); }

// __cm.iter / __cm.iterClose / __cm.asyncIter used directly (expected by hand)

var it = __cm.iter([1, 2]);
print(it.next().value, it.next().value, it.next().done);
try { __cm.iter(5); } catch (e) { print(e.name, e.message); }
try { __cm.iter(undefined); } catch (e) { print(e.name, e.message); }
try { __cm.iter({}); } catch (e) { print(e.name, e.message); }
var closed = 0;
var itc = { next: function () { return { done: false }; }, 'return': function () { closed++; return {}; } };
__cm.iterClose(itc); print('closed', closed);
var bad = { 'return': function () { throw new Error('return threw'); } };
try { __cm.iterClose(bad); } catch (e) { print('normal close propagates', e.message); }
__cm.iterClose(bad, true); print('throw-completion close swallows');
var notObj = { 'return': function () { return 5; } };
try { __cm.iterClose(notObj); } catch (e) { print(e.name); }
__cm.iterClose({}); print('no return method ok');
var ai = __cm.asyncIter([Promise.resolve('x')]);
ai.next().then(function (r) { print('async from sync', r.value, r.done); });
print(__cm.isGenReturn(new Error()), __cm.isGenReturn(undefined));

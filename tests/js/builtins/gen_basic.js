// @node
function* g(a) { var x = yield a; print('got', x); var y = yield x * 2; print('got', y); return 'ret'; }
var it = g(1);
print(JSON.stringify(it.next('ignored')));
print(JSON.stringify(it.next(5)));
print(JSON.stringify(it.next(7)));
print(JSON.stringify(it.next()));
print(it[Symbol.iterator]() === it, Object.prototype.toString.call(it), String(it));
function* fin() { try { yield 1; yield 2; } finally { print('cleanup'); } }
var out = []; for (var v of fin()) { out.push(v); } print(out.join(','));
var f = fin(); f.next(); print(JSON.stringify(f.return(42)), JSON.stringify(f.next()));
var f2 = fin(); print(JSON.stringify(f2.return(9)), JSON.stringify(f2.next()));
function* catcher() { while (true) { try { yield 'waiting'; } catch (e) { print('caught', e); } } }
var c = catcher(); c.next(); print(JSON.stringify(c.throw('E1'))); print(JSON.stringify(c.throw('E2')));
var c2 = catcher(); try { c2.throw('before start'); } catch (e) { print('thrown out', e); } print(JSON.stringify(c2.next()));
function* finYield() { try { yield 1; } finally { yield 'from finally'; print('after finally yield'); } }
var fy = finYield(); fy.next(); print(JSON.stringify(fy.return('R'))); print(JSON.stringify(fy.next())); print(JSON.stringify(fy.next()));
function* finReturn() { try { yield 1; } finally { return 'override'; } }
var fr = finReturn(); fr.next(); print(JSON.stringify(fr.return('R')));
function* reenter() { var self = yield; try { self.next(); } catch (e) { print(e.name, e.message); } }
var re = reenter(); re.next(); re.next(re);
function* thisArgs() { yield this.tag; yield arguments.length; }
var ta = thisArgs.call({ tag: 'tg' }, 1, 2, 3); print(ta.next().value, ta.next().value);
function* thrower() { yield 1; throw new Error('inside'); }
var th = thrower(); th.next(); try { th.next(); } catch (e) { print('threw', e.message); } print(JSON.stringify(th.next()));
var many = []; for (var i = 0; i < 3000; i++) { var gg = g(i); gg.next(); many.push(gg); } print(many.length, many[2999].next(1).value);

// WeakRef and FinalizationRegistry: this runtime never collects, so
// deref() always returns the target and cleanup callbacks never run.
var target = { name: 't' };
var ref = new WeakRef(target);
print(ref.deref() === target, ref.deref().name, Object.prototype.toString.call(ref));
print(WeakRef.length, WeakRef.prototype.deref.length, typeof WeakRef.prototype.deref);
var sym = Symbol('local');
print(new WeakRef(sym).deref() === sym);
['x', 1, null, undefined, Symbol.for('registered')].forEach(function (v) {
	try { new WeakRef(v); print('accepted', String(v)); } catch (e) { print(e.constructor.name); }
});
try { WeakRef({}); } catch (e) { print('call:', e.constructor.name); }
try { WeakRef.prototype.deref.call({}); } catch (e) { print('deref:', e.constructor.name); }
var calls = 0;
var reg = new FinalizationRegistry(function () { calls++; });
var token = {};
print(reg.register({}, 'held', token), reg.register({}, 'held2'));
print(reg.unregister(token), reg.unregister(token), reg.unregister({}));
try { reg.register(target, target); } catch (e) { print('same:', e.constructor.name); }
try { reg.register(1, 'x'); } catch (e) { print('prim:', e.constructor.name); }
try { reg.register({}, 'x', 1); } catch (e) { print('token:', e.constructor.name); }
try { reg.unregister(1); } catch (e) { print('unreg:', e.constructor.name); }
try { new FinalizationRegistry(1); } catch (e) { print('cb:', e.constructor.name); }
print(FinalizationRegistry.length, FinalizationRegistry.prototype.register.length,
    Object.prototype.toString.call(reg));
class Sub extends WeakRef { get twice() { return [this.deref(), this.deref()]; } }
var s = new Sub(target);
print(s instanceof WeakRef, s.twice[1] === target);
setTimeout(function () { print('cleanup calls', calls); }, 5);

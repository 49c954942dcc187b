// Proxy: a guest's hooks (hasOwnProperty, Object.create, Function.prototype.call
// and apply), set before
// Proxy is first read, never receive anything but the guest's own values
var mine = [];
function m(o) { mine.push(o); return o; }
var leaks = [];
var hasOwn = Object.prototype.hasOwnProperty;
Object.prototype.hasOwnProperty = function (k) { leaks.push('hasOwnProperty'); return hasOwn.call(this, k); };
var create = Object.create;
Object.create = function (p) { leaks.push('create'); return create(p); };
var fcall = Function.prototype.call, fapply = Function.prototype.apply;
Function.prototype.call = function () { leaks.push('call'); return Reflect.apply(fcall, this, arguments); };
Function.prototype.apply = function () { leaks.push('apply'); return Reflect.apply(fapply, this, arguments); };
var target = m({ a: 1 });
var handler = m({
	getOwnPropertyDescriptor: function (t, k) { return Reflect.getOwnPropertyDescriptor(t, k); },
	defineProperty: function (t, k, d) { m(d); return Reflect.defineProperty(t, k, d); },
});
var p = new Proxy(target, handler);
var d = Object.getOwnPropertyDescriptor(p, 'a');
console.log('desc', Reflect.apply(hasOwn, d, ['value']) && d.value === 1 && d.writable === true && d.enumerable === true && d.configurable === true);
console.log('define', Reflect.defineProperty(p, 'b', m({ value: 2, writable: true, enumerable: true, configurable: true })), target.b);
console.log('keys', Object.keys(p).join(), 'spread', JSON.stringify(Object.assign({}, p)));
var r = Proxy.revocable(m({}), m({}));
r.revoke();
try { Object.keys(r.proxy); } catch (e) { console.log('revoked', e.name); }
Function.prototype.call = fcall;
Function.prototype.apply = fapply;
Object.create = create;
Object.prototype.hasOwnProperty = hasOwn;
console.log('leaks', leaks.length === 0 ? 'none' : leaks.join());

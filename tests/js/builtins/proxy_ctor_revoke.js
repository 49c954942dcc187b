// @node Proxy itself, newTarget, revoked proxies, and what a guest cannot forge
function t(label, f) {
	try {
		console.log(label, 'ok', String(f()));
	} catch (e) {
		console.log(label, e.name);
	}
}
t('no prototype', () => Object.prototype.hasOwnProperty.call(Proxy, 'prototype'));
t('call without new', () => Proxy({}, {}));
t('length before name', () => { var n = Object.getOwnPropertyNames(Proxy); return n.indexOf('length') < n.indexOf('name') && n.indexOf('name') < n.indexOf('revocable'); });
t('length name', () => Proxy.length + ' ' + Proxy.name);
t('Reflect.construct(Proxy)', () => typeof Reflect.construct(Proxy, [function () {}, {}], function NT() {}));
var NT = function NewTarget() {};
NT.prototype = { tag: 'nt' };
function Target() {}
var seen;
var cp = new Proxy(Target, { construct(t, args, nt) { seen = nt; return { args: args.join() }; } });
t('newTarget passed', () => Reflect.construct(cp, [1, 2], NT).args + ' ' + (seen === NT));
t('new passes the proxy', () => (new cp(3), seen === cp));
t('no trap uses newTarget', () => Reflect.construct(new Proxy(Target, {}), [], NT).tag);
t('non-ctor target', () => Reflect.construct(new Proxy(() => 1, {}), []));
var r = Proxy.revocable({ a: 1 }, {});
t('revoke has no prototype', () => Object.prototype.hasOwnProperty.call(r.revoke, 'prototype'));
t('revoke not a ctor', () => new r.revoke());
t('revoke returns', () => r.revoke());
t('revoke twice', () => r.revoke());
['getOwnPropertyDescriptor', 'getPrototypeOf', 'isExtensible', 'preventExtensions', 'ownKeys', 'has', 'get'].forEach(function (n) {
	t('revoked ' + n, () => Reflect[n](r.proxy, 'a'));
});
t('revoked defineProperty', () => Object.defineProperty(r.proxy, 'x', { value: 1 }));
t('revoked setPrototypeOf', () => Object.setPrototypeOf(r.proxy, null));
t('revoked keys', () => Object.keys(r.proxy));
t('revoked isArray', () => Array.isArray(r.proxy));
t('typeof revoked', () => typeof r.proxy);
t('isArray of proxy of array', () => Array.isArray(new Proxy([], {})));
// Objects inheriting from a proxy are not proxies themselves
var inner = new Proxy({ a: 1 }, { getOwnPropertyDescriptor() { return { value: 'trap', configurable: true }; } });
var child = Object.create(inner);
t('child has no own a', () => Object.getOwnPropertyDescriptor(child, 'a'));
t('child keys', () => Object.keys(child).length);
// No key of ours shows on a proxy
t('no hidden keys', () => Reflect.ownKeys(new Proxy({ k: 1 }, {})).join());
t('no hidden names', () => Object.getOwnPropertyNames(new Proxy({}, {})).length);
// A guest's replacement of a built-in stays theirs once Proxy loaded
t('wrapped keeps name and length', () => Object.keys.name + Object.keys.length + Reflect.getOwnPropertyDescriptor.length);
t('wrapped not a ctor', () => new Object.keys({}));
t('instanceof through the target', () => new Proxy([], {}) instanceof Array);

/*
 * 37_proxy.js (lazy group `proxy`): Proxy and Proxy.revocable over
 * Duktape's Proxy.
 *
 * Duktape reads a trap once per operation from the handler it was given
 * and calls it, but a trap that is undefined or null throws ("not
 * callable") instead of falling through to the target, a handler or target
 * that is itself a Proxy is refused ("invalid args"), and there is no
 * Proxy.revocable. So Duktape gets a forwarding handler of ours: one small
 * object per proxy, whose prototype holds the seven traps Duktape knows
 * (get, set, has, deleteProperty, ownKeys, apply, construct). Each reads
 * the real handler's trap at the time of the operation (GetMethod), falls
 * back to the Reflect operation on the real target when it is undefined or
 * null, and throws once the proxy is revoked. A target that is a Proxy is
 * given to Duktape as a stand-in of the same kind (a function, an array or
 * an object) while the traps use the real one. What Duktape still cannot
 * do (the other six traps, invariants) is in RUNTIME.md.
 */
this.__cm.P.group('proxy', function (G, P) {
	'use strict';
	var NativeProxy = P.nativeProxy;
	var R = P.nativeReflect;
	var isObject = P.isObject, describe = P.describe;
	var HANDLER = P.hidden('ProxyHandler');
	var TARGET = P.hidden('ProxyTarget');
	/* the target is a Proxy: the defaults must go through its traps */
	var NESTED = P.hidden('ProxyNested');
	var create = Object.create, isArray = Array.isArray;
	var fwd = create(null);

	/* The real handler of a forwarding handler, or TypeError if revoked. */
	function handlerOf(fh, name) {
		var h = fh[HANDLER];
		if (h === null)
			throw new TypeError("Cannot perform '" + name +
			    "' on a proxy that has been revoked");
		return h;
	}
	function trapOf(h, name) {
		var t = h[name];
		if (t == null)
			return undefined;
		if (typeof t !== 'function')
			throw new TypeError("'" + name + "' on proxy: trap is not " +
			    'a function: ' + describe(t));
		return t;
	}
	function def(name, dflt) {
		fwd[name] = function (t, a, b, c) {
			var h = handlerOf(this, name), trap = trapOf(h, name);
			t = this[TARGET];
			if (trap === undefined)
				return dflt(t, a, b, c, this[NESTED]);
			/* the trap sees as many arguments as Duktape passed */
			arguments[0] = t;
			return trap.apply(h, arguments);
		};
	}
	def('get', function (t, k, recv, u, nested) {
		return nested ? R.get(t, k) : R.get(t, k, recv);
	});
	def('set', function (t, k, v, recv, nested) {
		return nested ? R.set(t, k, v) : R.set(t, k, v, recv);
	});
	def('has', function (t, k) {
		return R.has(t, k);
	});
	def('deleteProperty', function (t, k) {
		return R.deleteProperty(t, k);
	});
	def('ownKeys', function (t) {
		return R.ownKeys(t);
	});
	def('apply', function (t, self, args) {
		return R.apply(t, self, args);
	});
	def('construct', function (t, args, nt) {
		return R.construct(t, args, nt);
	});

	function make(target, handler) {
		var fh, p;
		if (!isObject(target) || !isObject(handler))
			throw new TypeError('Cannot create proxy with a non-object ' +
			    'as target or handler');
		fh = create(fwd);
		fh[HANDLER] = handler;
		fh[TARGET] = target;
		try {
			p = new NativeProxy(target, fh);
		} catch (e) {
			/* the target is a Proxy itself: a stand-in of its kind */
			fh[NESTED] = true;
			p = new NativeProxy(typeof target === 'function' ?
			    function () {} : isArray(target) ? [] : {}, fh);
		}
		return { p: p, fh: fh };
	}

	/* bound: a constructor without a `prototype`, as the spec's */
	var Proxy = function (target, handler) {
		if (this === undefined)
			throw new TypeError("Constructor Proxy requires 'new'");
		return make(target, handler).p;
	}.bind(undefined);
	function revocable(target, handler) {
		var m = make(target, handler);
		return { proxy: m.p, revoke: function () {
			m.fh[HANDLER] = null;
		} };
	}
	P.setLength(Proxy, 2);
	P.setName(Proxy, 'Proxy');
	P.def(Proxy, 'revocable', revocable);
	P.defGlobal('Proxy', Proxy);
});

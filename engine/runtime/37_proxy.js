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
 * back to the operation on the real target when it is undefined or null,
 * checks the spec's invariants on what the trap returned, and throws once
 * the proxy is revoked. A target that is a Proxy is given to Duktape as a
 * stand-in of the same kind (a function, an array or an object) while the
 * traps use the real one.
 *
 * Duktape never calls the other six traps (getOwnPropertyDescriptor,
 * defineProperty, getPrototypeOf, setPrototypeOf, isExtensible,
 * preventExtensions): it applies those operations to the proxy object's
 * own, otherwise unused, property table. So when this group loads, the
 * built-ins that reach them (Object.*, Reflect.*, hasOwnProperty,
 * propertyIsEnumerable, __proto__) are replaced by wrappers that run the
 * spec's proxy internal methods when given one of our proxies and the
 * prelude's function otherwise. Nothing is wrapped before the first
 * proxy can exist, so code that never touches Proxy pays nothing.
 *
 * Which objects are our proxies: each proxy holds its forwarding handler
 * under a hidden key in that own table (hidden keys skip Duktape's traps
 * and no guest code can name them), so neither can a guest make another
 * object look like a proxy nor read a proxy's target or handler. What is
 * still out of reach is in RUNTIME.md ("Proxy: what Duktape's cannot do").
 */
this.__cm.P.group('proxy', function (G, P) {
	'use strict';
	/* The buffer group replaces Object/Reflect functions for typed arrays
	 * (P.def records them in P.proxyBase): loaded first, its versions are
	 * the originals this group forwards to, so a proxy of a typed array
	 * keeps the element behaviour. */
	if (P.need.buffer)
		P.need.buffer();
	var NativeProxy = P.nativeProxy;
	var isObject = P.isObject, describe = P.describe;
	var isCtor = P.native.isConstructor, noCtor = P.native.noCtor;
	var HANDLER = P.hidden('ProxyHandler');
	var TARGET = P.hidden('ProxyTarget');
	/* the forwarding handler, on the proxy's own property table */
	var REC = P.hidden('ProxyRecord');
	/* the target is a Proxy: Duktape holds a stand-in */
	var NESTED = P.hidden('ProxyNested');
	/* the prelude's functions, captured at the seal (33_builtins.js) */
	var base = P.proxyBase, holders = [], tables = [];
	/* a table per holder (null-prototype: made with the captured
	 * Object.create, never with whatever Object.create is now) */
	(function () {
		var i, j, mk;
		for (i = 0; i < base.length; i += 3)
			if (base[i] === Object && base[i + 1] === 'create')
				mk = base[i + 2];
		for (i = 0; i < base.length; i += 3) {
			for (j = 0; j < holders.length; j++)
				if (holders[j] === base[i])
					break;
			if (j === holders.length) {
				holders[j] = base[i];
				tables[j] = mk(null);
			}
			tables[j][base[i + 1]] = base[i + 2];
		}
	})();
	function orig(holder, name) {
		var j;
		for (j = 0; j < holders.length; j++)
			if (holders[j] === holder)
				return tables[j][name];
		return undefined;
	}
	var nGopd = orig(Object, 'getOwnPropertyDescriptor');
	var nDefine = orig(Object, 'defineProperty');
	var nGetProto = orig(Object, 'getPrototypeOf');
	var nSetProto = orig(Reflect, 'setPrototypeOf');
	var nIsExt = orig(Object, 'isExtensible');
	var nPrevExt = orig(Reflect, 'preventExtensions');
	var nOwnKeys = orig(Reflect, 'ownKeys');
	var nApply = P.nativeReflect.apply, nConstruct = orig(Reflect, 'construct');
	/* a typed array on a chain answers its numeric keys itself, through
	 * the buffer group's Reflect functions (loaded first, above) */
	var baseHas = orig(Reflect, 'has'), baseGet = orig(Reflect, 'get');
	var baseSet = orig(Reflect, 'set');
	var taNumeric = P.taNumeric || function () {
		return false;
	};
	/* captured before any guest code ran: a guest's replacement of
	 * Function.prototype.call, hasOwnProperty or Object.create must never
	 * see the hidden key or a forwarding handler */
	var hasOwnI = P.I.hasOwn, I = P.I;
	var call = P.callFn;
	var create = orig(Object, 'create'), isArray = I.isArray;
	var fwd = create(null);

	function sameValue(a, b) {
		if (a === b)
			return a !== 0 || 1 / a === 1 / b;
		return a !== a && b !== b;
	}
	function own(o, k) {
		return hasOwnI(o, k);
	}
	function toKey(k) {
		return typeof k === 'symbol' ? k : String(k);
	}

	/* The forwarding handler of one of our proxies, else undefined. */
	/* for the buffer group's walk of a prototype chain (38_buffer.js) */
	P.isProxy = function isProxy(o) {
		return recOf(o) !== undefined;
	};
	function recOf(o) {
		var d;
		if (o === null || (typeof o !== 'object' && typeof o !== 'function'))
			return undefined;
		/* the cheapest test Duktape offers (a proxy's hidden keys are
		 * read from its target, so o[REC] cannot tell) */
		if (!hasOwnI(o, REC))
			return undefined;
		d = nGopd(o, REC);
		return d === undefined ? undefined : d.value;
	}
	/* The real handler, or TypeError if the proxy is revoked. */
	function handlerOf(fh, name) {
		var h = fh[HANDLER];
		if (h === null)
			throw new TypeError("Cannot perform '" + name +
			    "' on a proxy that has been revoked");
		return h;
	}
	/* GetMethod(handler, name) */
	function trapOf(h, name) {
		var t = h[name];
		if (t == null)
			return undefined;
		if (typeof t !== 'function')
			throw new TypeError("'" + name + "' on proxy: trap is not " +
			    'a function: ' + describe(t));
		return t;
	}
	function fail(name, why) {
		throw new TypeError("'" + name + "' on proxy: " + why);
	}

	/*
	 * The essential internal methods of any object: a proxy's run its
	 * trap (below), anything else the prelude's built-in.
	 */
	function getOwn(o, k) {
		var r = recOf(o);
		return r === undefined ? nGopd(o, k) : pGetOwn(r, k);
	}
	function defineOwn(o, k, d) {
		var r = recOf(o);
		if (r !== undefined)
			return pDefineOwn(r, k, d);
		try {
			nDefine(o, k, d);
			return true;
		} catch (e) {
			if (e instanceof TypeError)
				return false;
			throw e;
		}
	}
	function getProto(o) {
		var r = recOf(o);
		return r === undefined ? nGetProto(o) : pGetProto(r);
	}
	function setProto(o, v) {
		var r = recOf(o);
		return r === undefined ? nSetProto(o, v) : pSetProto(r, v);
	}
	function isExt(o) {
		var r = recOf(o);
		return r === undefined ? nIsExt(o) : pIsExt(r);
	}
	function prevExt(o) {
		var r = recOf(o);
		return r === undefined ? nPrevExt(o) : pPrevExt(r);
	}
	function ownKeys(o) {
		var r = recOf(o);
		return r === undefined ? nOwnKeys(o) : pOwnKeys(r);
	}

	/* ---- property descriptors (ES2025 6.2.6) ---- */

	function isAccessor(d) {
		return d !== undefined && (own(d, 'get') || own(d, 'set'));
	}
	function isData(d) {
		return d !== undefined && (own(d, 'value') || own(d, 'writable'));
	}
	/* ToPropertyDescriptor: a null-prototype record of the fields given */
	function toDesc(o) {
		var d = create(null), g, s;
		if (!isObject(o))
			throw new TypeError('Property description must be an ' +
			    'object: ' + describe(o));
		if ('enumerable' in o)
			d.enumerable = !!o.enumerable;
		if ('configurable' in o)
			d.configurable = !!o.configurable;
		if ('value' in o)
			d.value = o.value;
		if ('writable' in o)
			d.writable = !!o.writable;
		if ('get' in o) {
			g = o.get;
			if (g !== undefined && typeof g !== 'function')
				throw new TypeError('Getter must be a function: ' +
				    describe(g));
			d.get = g;
		}
		if ('set' in o) {
			s = o.set;
			if (s !== undefined && typeof s !== 'function')
				throw new TypeError('Setter must be a function: ' +
				    describe(s));
			d.set = s;
		}
		if (('get' in d || 'set' in d) && ('value' in d || 'writable' in d))
			throw new TypeError('Invalid property descriptor. Cannot ' +
			    'both specify accessors and a value or writable ' +
			    'attribute');
		return d;
	}
	function completeDesc(d) {
		if (!('get' in d || 'set' in d)) {
			if (!('value' in d))
				d.value = undefined;
			if (!('writable' in d))
				d.writable = false;
		} else {
			if (!('get' in d))
				d.get = undefined;
			if (!('set' in d))
				d.set = undefined;
		}
		if (!('enumerable' in d))
			d.enumerable = false;
		if (!('configurable' in d))
			d.configurable = false;
		return d;
	}
	/* FromPropertyDescriptor: own data properties (a literal, or
	 * CreateDataProperty), never a setter the guest put on
	 * Object.prototype */
	var FIELDS = ['value', 'writable', 'get', 'set', 'enumerable',
	    'configurable'];
	function fromDesc(d) {
		var o, i, f, pd;
		if (d === undefined)
			return undefined;
		if (own(d, 'value') && own(d, 'writable') && own(d, 'enumerable') &&
		    own(d, 'configurable') && !own(d, 'get') && !own(d, 'set'))
			return { value: d.value, writable: d.writable,
			    enumerable: d.enumerable, configurable: d.configurable };
		o = {};
		for (i = 0; i < FIELDS.length; i++) {
			f = FIELDS[i];
			if (!own(d, f))
				continue;
			pd = create(null);
			pd.value = d[f];
			pd.writable = true;
			pd.enumerable = true;
			pd.configurable = true;
			nDefine(o, f, pd);
		}
		return o;
	}
	/* IsCompatiblePropertyDescriptor (ValidateAndApplyPropertyDescriptor
	 * without an object) */
	function compatible(ext, d, cur) {
		if (cur === undefined)
			return ext;
		if (cur.configurable)
			return true;
		if (d.configurable === true)
			return false;
		if (own(d, 'enumerable') && d.enumerable !== cur.enumerable)
			return false;
		if ((isAccessor(d) || isData(d)) && isAccessor(d) !== isAccessor(cur))
			return false;
		if (isAccessor(cur)) {
			if (own(d, 'get') && !sameValue(d.get, cur.get))
				return false;
			if (own(d, 'set') && !sameValue(d.set, cur.set))
				return false;
		} else if (!cur.writable) {
			if (d.writable === true)
				return false;
			if (own(d, 'value') && !sameValue(d.value, cur.value))
				return false;
		}
		return true;
	}

	/* ---- the proxy internal methods (ES2025 10.5) ---- */

	function pGetOwn(fh, k) {
		var h = handlerOf(fh, 'getOwnPropertyDescriptor');
		var trap = trapOf(h, 'getOwnPropertyDescriptor'), t = fh[TARGET];
		var res, td, ext, rd;
		if (trap === undefined)
			return getOwn(t, k);
		res = call(trap, h, t, k);
		if (!isObject(res) && res !== undefined)
			fail('getOwnPropertyDescriptor', 'trap returned neither ' +
			    "object nor undefined for property '" + String(k) + "'");
		td = getOwn(t, k);
		if (res === undefined) {
			if (td === undefined)
				return undefined;
			if (!td.configurable)
				fail('getOwnPropertyDescriptor', "trap returned " +
				    "undefined for property '" + String(k) +
				    "' which is non-configurable in the proxy target");
			if (!isExt(t))
				fail('getOwnPropertyDescriptor', "trap returned " +
				    "undefined for property '" + String(k) +
				    "' which exists in the non-extensible proxy target");
			return undefined;
		}
		ext = isExt(t);
		rd = completeDesc(toDesc(res));
		if (!compatible(ext, rd, td))
			fail('getOwnPropertyDescriptor', "trap returned a " +
			    "descriptor for property '" + String(k) + "' that is " +
			    'incompatible with the existing property in the ' +
			    'proxy target');
		if (!rd.configurable) {
			if (td === undefined || td.configurable)
				fail('getOwnPropertyDescriptor', "trap reported " +
				    "non-configurability for property '" + String(k) +
				    "' which is either non-existent or configurable " +
				    'in the proxy target');
			if (own(rd, 'writable') && !rd.writable && td.writable)
				fail('getOwnPropertyDescriptor', "trap reported " +
				    "non-configurable and writable for property '" +
				    String(k) + "' which is non-configurable, " +
				    'non-writable in the proxy target');
		}
		return rd;
	}
	/* d: a record from toDesc */
	function pDefineOwn(fh, k, d) {
		var h = handlerOf(fh, 'defineProperty');
		var trap = trapOf(h, 'defineProperty'), t = fh[TARGET];
		var td, ext, cfgFalse;
		if (trap === undefined)
			return defineOwn(t, k, d);
		if (!call(trap, h, t, k, fromDesc(d)))
			return false;
		td = getOwn(t, k);
		ext = isExt(t);
		cfgFalse = own(d, 'configurable') && !d.configurable;
		if (td === undefined) {
			if (!ext)
				fail('defineProperty', "trap returned truish for " +
				    "adding property '" + String(k) + "' to the " +
				    'non-extensible proxy target');
			if (cfgFalse)
				fail('defineProperty', "trap returned truish for " +
				    "defining non-configurable property '" +
				    String(k) + "' which is non-existent in the " +
				    'proxy target');
		} else {
			if (!compatible(ext, d, td))
				fail('defineProperty', "trap returned truish for " +
				    "adding property '" + String(k) + "' that is " +
				    'incompatible with the existing property in the ' +
				    'proxy target');
			if (cfgFalse && td.configurable)
				fail('defineProperty', "trap returned truish for " +
				    "defining non-configurable property '" +
				    String(k) + "' which is configurable in the " +
				    'proxy target');
			if (isData(td) && !td.configurable && td.writable &&
			    own(d, 'writable') && !d.writable)
				fail('defineProperty', "trap returned truish for " +
				    "defining non-configurable, non-writable property '" +
				    String(k) + "' which is writable in the proxy target");
		}
		return true;
	}
	function pGetProto(fh) {
		var h = handlerOf(fh, 'getPrototypeOf');
		var trap = trapOf(h, 'getPrototypeOf'), t = fh[TARGET], p;
		if (trap === undefined)
			return getProto(t);
		p = call(trap, h, t);
		if (!isObject(p) && p !== null)
			fail('getPrototypeOf', 'trap returned neither object nor ' +
			    'null');
		if (!isExt(t) && !sameValue(p, getProto(t)))
			fail('getPrototypeOf', 'proxy target is non-extensible but ' +
			    'the trap did not return its actual prototype');
		return p;
	}
	function pSetProto(fh, v) {
		var h = handlerOf(fh, 'setPrototypeOf');
		var trap = trapOf(h, 'setPrototypeOf'), t = fh[TARGET];
		if (trap === undefined)
			return setProto(t, v);
		if (!call(trap, h, t, v))
			return false;
		if (!isExt(t) && !sameValue(v, getProto(t)))
			fail('setPrototypeOf', 'trap returned truish for setting a ' +
			    'new prototype on the non-extensible proxy target');
		return true;
	}
	function pIsExt(fh) {
		var h = handlerOf(fh, 'isExtensible');
		var trap = trapOf(h, 'isExtensible'), t = fh[TARGET], b;
		if (trap === undefined)
			return isExt(t);
		b = !!call(trap, h, t);
		if (b !== isExt(t))
			fail('isExtensible', 'trap result does not reflect ' +
			    "extensibility of proxy target (which is '" +
			    !b + "')");
		return b;
	}
	function pPrevExt(fh) {
		var h = handlerOf(fh, 'preventExtensions');
		var trap = trapOf(h, 'preventExtensions'), t = fh[TARGET], b;
		if (trap === undefined)
			return prevExt(t);
		b = !!call(trap, h, t);
		if (b && isExt(t))
			fail('preventExtensions', 'trap returned truish but the ' +
			    'proxy target is extensible');
		return b;
	}
	function pOwnKeys(fh) {
		var h = handlerOf(fh, 'ownKeys');
		var trap = trapOf(h, 'ownKeys'), t = fh[TARGET];
		var res, keys, n, i, k, seen, syms, ext, tkeys, cfg, ncfg, d;
		if (trap === undefined)
			return ownKeys(t);
		res = call(trap, h, t);
		/* CreateListFromArrayLike(res, « String, Symbol ») */
		if (!isObject(res))
			fail('ownKeys', 'trap result is not an object');
		n = P.toLength(res.length);
		keys = [];
		seen = create(null);
		syms = [];
		for (i = 0; i < n; i++) {
			k = res[i];
			if (typeof k !== 'string' && typeof k !== 'symbol')
				fail('ownKeys', describe(k) + ' is not a valid ' +
				    'property name');
			if (typeof k === 'symbol' ? I.indexOf(syms, k) >= 0 :
			    seen[k] === true)
				fail('ownKeys', "trap returned duplicate entries");
			if (typeof k === 'symbol')
				I.push(syms, k);
			else
				seen[k] = true;
			I.push(keys, k);
		}
		ext = isExt(t);
		tkeys = ownKeys(t);
		cfg = [];
		ncfg = [];
		for (i = 0; i < tkeys.length; i++) {
			d = getOwn(t, tkeys[i]);
			if (d !== undefined && !d.configurable)
				I.push(ncfg, tkeys[i]);
			else
				I.push(cfg, tkeys[i]);
		}
		if (ext && ncfg.length === 0)
			return keys;
		/* the trap's keys not yet matched to a key of the target */
		res = I.slice(keys);
		function take(key) {
			var j = I.indexOf(res, key);
			if (j < 0)
				fail('ownKeys', "trap result did not include '" +
				    String(key) + "'");
			I.splice(res, j, 1);
		}
		for (i = 0; i < ncfg.length; i++)
			take(ncfg[i]);
		if (ext)
			return keys;
		for (i = 0; i < cfg.length; i++)
			take(cfg[i]);
		if (res.length !== 0)
			fail('ownKeys', 'trap returned extra keys but proxy target ' +
			    'is non-extensible');
		return keys;
	}
	/* After a trap that answered for the target's own property k. */
	function checkGet(t, k, v) {
		var d = getOwn(t, k);
		if (d === undefined || d.configurable)
			return;
		if (isData(d) && !d.writable && !sameValue(v, d.value))
			fail('get', "property '" + String(k) + "' is a read-only " +
			    'and non-configurable data property on the proxy ' +
			    'target but the proxy did not return its actual value');
		if (isAccessor(d) && d.get === undefined && v !== undefined)
			fail('get', "property '" + String(k) + "' is a " +
			    'non-configurable accessor property on the proxy ' +
			    'target and does not have a getter function, but the ' +
			    'trap did not return undefined');
	}
	function checkSet(t, k, v) {
		var d = getOwn(t, k);
		if (d === undefined || d.configurable)
			return;
		if (isData(d) && !d.writable && !sameValue(v, d.value))
			fail('set', "trap returned truish for property '" +
			    String(k) + "' which exists in the proxy target as a " +
			    'non-configurable and non-writable data property ' +
			    'with a different value');
		if (isAccessor(d) && d.set === undefined)
			fail('set', "trap returned truish for property '" +
			    String(k) + "' which exists in the proxy target as a " +
			    'non-configurable and non-writable accessor property ' +
			    'without a setter');
	}
	function checkNotHidden(t, k, name, why) {
		var d = getOwn(t, k);
		if (d === undefined)
			return;
		if (!d.configurable)
			fail(name, "trap returned falsish for property '" +
			    String(k) + "' which exists in the proxy target as " +
			    'non-configurable');
		if (!isExt(t))
			fail(name, "trap returned falsish for property '" +
			    String(k) + "' but the proxy target is not " +
			    'extensible' + why);
	}

	/*
	 * [[Get]], [[Set]], [[HasProperty]], [[Delete]], [[Call]],
	 * [[Construct]] of a forwarding handler fh: what Duktape's traps call,
	 * and what the wrapped Reflect methods call for a receiver or
	 * newTarget Duktape would not pass.
	 */
	function pGet(fh, k, recv) {
		var h = handlerOf(fh, 'get'), trap = trapOf(h, 'get');
		var t = fh[TARGET], v;
		if (trap === undefined)
			return recOf(t) !== undefined ? pGet(recOf(t), k, recv) :
			    P.nativeReflect.get(t, k, recv);
		v = call(trap, h, t, k, recv);
		checkGet(t, k, v);
		return v;
	}
	function pSet(fh, k, v, recv) {
		var h = handlerOf(fh, 'set'), trap = trapOf(h, 'set');
		var t = fh[TARGET];
		if (trap === undefined)
			/* OrdinarySet: the receiver (this proxy, usually) is
			 * given the property through its own traps */
			return reflectSet(t, k, v, recv);
		if (!call(trap, h, t, k, v, recv))
			return false;
		checkSet(t, k, v);
		return true;
	}
	function pHas(fh, k) {
		var h = handlerOf(fh, 'has'), trap = trapOf(h, 'has');
		var t = fh[TARGET];
		if (trap === undefined)
			return recOf(t) !== undefined ? pHas(recOf(t), k) :
			    P.nativeReflect.has(t, k);
		if (call(trap, h, t, k))
			return true;
		checkNotHidden(t, k, 'has', '');
		return false;
	}
	function pDelete(fh, k) {
		var h = handlerOf(fh, 'deleteProperty');
		var trap = trapOf(h, 'deleteProperty'), t = fh[TARGET], d;
		if (trap === undefined)
			return recOf(t) !== undefined ? pDelete(recOf(t), k) :
			    P.nativeReflect.deleteProperty(t, k);
		if (!call(trap, h, t, k))
			return false;
		d = getOwn(t, k);
		if (d === undefined)
			return true;
		if (!d.configurable)
			fail('deleteProperty', "trap returned truish for property '" +
			    String(k) + "' which is non-configurable in the proxy " +
			    'target');
		if (!isExt(t))
			fail('deleteProperty', "trap returned truish for property '" +
			    String(k) + "' but the proxy target is non-extensible");
		return true;
	}
	function pApply(fh, self, args) {
		var h = handlerOf(fh, 'apply'), trap = trapOf(h, 'apply');
		var t = fh[TARGET];
		if (trap === undefined)
			return nApply(t, self, args);
		return call(trap, h, t, self, args);
	}
	function pConstruct(fh, args, nt) {
		var h = handlerOf(fh, 'construct'), trap = trapOf(h, 'construct');
		var t = fh[TARGET], o;
		if (trap === undefined)
			return nConstruct(t, args, nt);
		o = call(trap, h, t, args, nt);
		if (!isObject(o))
			fail('construct', 'trap returned non-object (' +
			    describe(o) + ')');
		return o;
	}

	/* What Duktape calls: `this` is the forwarding handler; the target
	 * Duktape passes may be a stand-in, so fh's is used. */
	fwd.get = function (t, k, recv) {
		return pGet(this, k, recv);
	};
	fwd.set = function (t, k, v, recv) {
		return pSet(this, k, v, recv);
	};
	fwd.has = function (t, k) {
		return pHas(this, k);
	};
	fwd.deleteProperty = function (t, k) {
		return pDelete(this, k);
	};
	fwd.ownKeys = function (t) {
		return pOwnKeys(this);
	};
	fwd.apply = function (t, self, args) {
		return pApply(this, self, args);
	};
	fwd.construct = function (t, args, nt) {
		return pConstruct(this, args, nt);
	};

	/* a stand-in for a target that is callable but no constructor */
	function nonCtorFn() {
		var f = function () {};
		noCtor(f, 0);
		return f;
	}

	function make(target, handler) {
		var fh, p, d;
		if (!isObject(target) || !isObject(handler))
			throw new TypeError('Cannot create proxy with a non-object ' +
			    'as target or handler');
		fh = create(fwd);
		fh[HANDLER] = handler;
		fh[TARGET] = target;
		if (recOf(target) === undefined && recOf(handler) === undefined) {
			p = new NativeProxy(target, fh);
		} else {
			/* a Proxy target: a stand-in of its kind */
			fh[NESTED] = true;
			p = new NativeProxy(typeof target === 'function' ?
			    (isCtor(target) ? function () {} : nonCtorFn()) :
			    isArray(target) ? [] : {}, fh);
		}
		d = create(null);
		d.value = fh;
		nDefine(p, REC, d);
		return { p: p, fh: fh };
	}

	/* A constructor without a `prototype`, as the spec's: a method made
	 * into a constructor would have one, so Duktape's check (`new`)
	 * is replaced by the test of `this` Duktape gives a `new` call. */
	var Proxy = function (target, handler) {
		if (this === undefined)
			throw new TypeError("Constructor Proxy requires 'new'");
		return make(target, handler).p;
	}.bind(undefined);
	function revocable(target, handler) {
		var m = make(target, handler);
		var revoke = {
			revoke() {
				if (m !== null) {
					m.fh[HANDLER] = null;
					m.fh[TARGET] = null;
					m = null;
				}
			}
		}.revoke;
		P.setName(revoke, '');
		return { proxy: m.p, revoke: revoke };
	}
	/* length before name, as on every built-in function */
	(function (names) {
		var i;
		for (i = 0; i < names.length; i++)
			try {
				delete Proxy[names[i]];
			} catch (e) { /* non-configurable: stays */ }
	})(['caller', 'arguments', 'fileName', 'name', 'length']);
	nDefine(Proxy, 'length', { value: 2, configurable: true });
	nDefine(Proxy, 'name', { value: 'Proxy', configurable: true });
	P.def(Proxy, 'revocable', revocable);

	/* ---- the built-ins that reach the six untrapped operations ---- */

	function toObj(x) {
		if (x == null)
			throw new TypeError('Cannot convert undefined or null to ' +
			    'object');
		return Object(x);
	}
	function needObj(x, name) {
		if (!isObject(x))
			throw new TypeError('Reflect.' + name + ' called on ' +
			    'non-object');
		return x;
	}
	/* EnumerableOwnProperties(o, kind) for a proxy */
	function enumOwn(o, kind) {
		var keys = ownKeys(o), r = [], i, k, d;
		for (i = 0; i < keys.length; i++) {
			k = keys[i];
			if (typeof k !== 'string')
				continue;
			d = getOwn(o, k);
			if (d === undefined || !d.enumerable)
				continue;
			I.push(r, kind === 0 ? k : kind === 1 ? o[k] : [k, o[k]]);
		}
		return r;
	}
	function integrity(o, frozen) {
		var keys, i, d;
		if (!prevExt(o))
			return false;
		keys = ownKeys(o);
		for (i = 0; i < keys.length; i++) {
			if (!frozen) {
				defineOwn(o, keys[i], { configurable: false });
				continue;
			}
			d = getOwn(o, keys[i]);
			if (d !== undefined)
				defineOwn(o, keys[i], isAccessor(d) ?
				    { configurable: false } :
				    { configurable: false, writable: false });
		}
		return true;
	}
	function testIntegrity(o, frozen) {
		var keys, i, d;
		if (isExt(o))
			return false;
		keys = ownKeys(o);
		for (i = 0; i < keys.length; i++) {
			d = getOwn(o, keys[i]);
			if (d === undefined)
				continue;
			if (d.configurable)
				return false;
			if (frozen && isData(d) && d.writable)
				return false;
		}
		return true;
	}
	function defineProps(o, props) {
		var keys, descs = [], i, d;
		props = toObj(props);
		keys = ownKeys(props);
		for (i = 0; i < keys.length; i++) {
			d = getOwn(props, keys[i]);
			if (d !== undefined && d.enumerable)
				I.push(descs, keys[i], toDesc(props[keys[i]]));
		}
		for (i = 0; i < descs.length; i += 2)
			if (!defineOwn(o, descs[i], descs[i + 1]))
				throw new TypeError('Cannot define property ' +
				    String(descs[i]));
		return o;
	}

	/*
	 * Each wrapper: [holder, name, length, proxy path]. The proxy path is
	 * taken when the first argument (`this` for the Object.prototype
	 * methods) is one of our proxies; it gets the record, the arguments
	 * and the prelude's function.
	 */
	var O = Object, R = G.Reflect, OP = Object.prototype;
	function wrap(holder, name, len, test, impl) {
		var f = orig(holder, name), w;
		if (f === undefined || holder[name] !== f)
			return;	/* replaced by the guest: theirs stays */
		if (test === arg0 && holder !== OP) {
			/* the common case kept short (no `arguments` object): a
			 * static method whose first argument decides and which
			 * does not count its arguments */
			w = function (a, b, c) {
				if (a !== null && (typeof a === 'object' ||
				    typeof a === 'function') && hasOwnI(a, REC))
					return impl(a, b, c);
				return f(a, b, c);
			};
		} else {
			w = function (a, b, c) {
				if (test(this, arguments))
					return nApply(impl, this, arguments);
				return nApply(f, this, arguments);
			};
		}
		P.setLength(w, len);
		P.setName(w, name);
		if (typeof noCtor === 'function')
			noCtor(w, 0);
		P.def(holder, name, w);
	}
	function arg0(self, a) {
		return recOf(a[0]) !== undefined;
	}
	function arg01(self, a) {
		return recOf(a[0]) !== undefined || recOf(a[1]) !== undefined;
	}
	function anyArg(self, a) {
		var i;
		for (i = 0; i < a.length; i++)
			if (recOf(a[i]) !== undefined)
				return true;
		return false;
	}
	function thisArg(self) {
		return recOf(self) !== undefined;
	}
	/* Reflect.get/set with a proxy receiver on a plain target: the
	 * receiver's own [[GetOwnProperty]]/[[DefineOwnProperty]] matter. */
	function reflectGet(t, k, recv) {
		var o, d;
		needObj(t, 'get');
		k = toKey(k);
		if (arguments.length < 3)
			recv = t;
		for (o = t; o !== null; o = getProto(o)) {
			if (recOf(o) !== undefined)
				return pGet(recOf(o), k, recv);
			if (taNumeric(o, k))
				return baseGet(o, k, recv);
			d = nGopd(o, k);
			if (d === undefined)
				continue;
			if (isData(d))
				return d.value;
			return d.get === undefined ? undefined : call(d.get, recv);
		}
		return undefined;
	}
	function reflectSet(t, k, v, recv) {
		var o, d, e;
		needObj(t, 'set');
		k = toKey(k);
		if (arguments.length < 4)
			recv = t;
		for (o = t; ; o = getProto(o)) {
			if (o === null) {
				d = { value: undefined, writable: true };
				break;
			}
			if (recOf(o) !== undefined)
				return pSet(recOf(o), k, v, recv);
			if (taNumeric(o, k)) {
				if (o === recv || recOf(recv) === undefined)
					return baseSet(o, k, v, recv);
				/* the typed array's [[Set]] through a proxy
				 * receiver: an index out of range is done, one in
				 * range is OrdinarySet with the element's data
				 * property, so the receiver's own traps decide */
				d = nGopd(o, k);
				if (d === undefined)
					return true;
				break;
			}
			d = nGopd(o, k);
			if (d !== undefined)
				break;
		}
		if (isData(d)) {
			if (!d.writable || !isObject(recv))
				return false;
			e = getOwn(recv, k);
			if (e !== undefined) {
				if (isAccessor(e) || !e.writable)
					return false;
				return defineOwn(recv, k, { value: v });
			}
			return defineOwn(recv, k, { value: v, writable: true,
			    enumerable: true, configurable: true });
		}
		if (d.set === undefined)
			return false;
		call(d.set, recv, v);
		return true;
	}

	wrap(O, 'getOwnPropertyDescriptor', 2, arg0, function (o, k) {
		return fromDesc(pGetOwn(recOf(o), toKey(k)));
	});
	wrap(R, 'getOwnPropertyDescriptor', 2, arg0, function (o, k) {
		return fromDesc(pGetOwn(recOf(o), toKey(k)));
	});
	wrap(O, 'defineProperty', 3, arg0, function (o, k, attrs) {
		k = toKey(k);
		if (!pDefineOwn(recOf(o), k, toDesc(attrs)))
			throw new TypeError("'defineProperty' on proxy: trap " +
			    "returned falsish for property '" + String(k) + "'");
		return o;
	});
	wrap(R, 'defineProperty', 3, arg0, function (o, k, attrs) {
		return pDefineOwn(recOf(o), toKey(k), toDesc(attrs));
	});
	wrap(O, 'defineProperties', 2, arg01, function (o, props) {
		if (!isObject(o))
			throw new TypeError('Object.defineProperties called on ' +
			    'non-object');
		return defineProps(o, props);
	});
	wrap(O, 'getPrototypeOf', 1, arg0, function (o) {
		return pGetProto(recOf(o));
	});
	wrap(R, 'getPrototypeOf', 1, arg0, function (o) {
		return pGetProto(recOf(o));
	});
	wrap(O, 'setPrototypeOf', 2, arg0, function (o, v) {
		if (!isObject(v) && v !== null)
			throw new TypeError('Object prototype may only be an ' +
			    'Object or null: ' + describe(v));
		if (!pSetProto(recOf(o), v))
			throw new TypeError("'setPrototypeOf' on proxy: trap " +
			    'returned falsish');
		return o;
	});
	wrap(R, 'setPrototypeOf', 2, arg0, function (o, v) {
		if (!isObject(v) && v !== null)
			throw new TypeError('Object prototype may only be an ' +
			    'Object or null: ' + describe(v));
		return pSetProto(recOf(o), v);
	});
	wrap(O, 'isExtensible', 1, arg0, function (o) {
		return pIsExt(recOf(o));
	});
	wrap(R, 'isExtensible', 1, arg0, function (o) {
		return pIsExt(recOf(o));
	});
	wrap(O, 'preventExtensions', 1, arg0, function (o) {
		if (!pPrevExt(recOf(o)))
			throw new TypeError("'preventExtensions' on proxy: trap " +
			    'returned falsish');
		return o;
	});
	wrap(R, 'preventExtensions', 1, arg0, function (o) {
		return pPrevExt(recOf(o));
	});
	wrap(O, 'freeze', 1, arg0, function (o) {
		if (!integrity(o, true))
			throw new TypeError('Cannot freeze');
		return o;
	});
	wrap(O, 'seal', 1, arg0, function (o) {
		if (!integrity(o, false))
			throw new TypeError('Cannot seal');
		return o;
	});
	wrap(O, 'isFrozen', 1, arg0, function (o) {
		return testIntegrity(o, true);
	});
	wrap(O, 'isSealed', 1, arg0, function (o) {
		return testIntegrity(o, false);
	});
	wrap(O, 'keys', 1, arg0, function (o) {
		return enumOwn(o, 0);
	});
	wrap(O, 'values', 1, arg0, function (o) {
		return enumOwn(o, 1);
	});
	wrap(O, 'entries', 1, arg0, function (o) {
		return enumOwn(o, 2);
	});
	wrap(O, 'getOwnPropertyNames', 1, arg0, function (o) {
		return pOwnKeys(recOf(o)).filter(function (k) {
			return typeof k === 'string';
		});
	});
	wrap(O, 'getOwnPropertySymbols', 1, arg0, function (o) {
		return pOwnKeys(recOf(o)).filter(function (k) {
			return typeof k === 'symbol';
		});
	});
	wrap(R, 'ownKeys', 1, arg0, function (o) {
		return pOwnKeys(recOf(o));
	});
	wrap(O, 'getOwnPropertyDescriptors', 1, arg0, function (o) {
		var keys = pOwnKeys(recOf(o)), r = {}, i, d;
		for (i = 0; i < keys.length; i++) {
			d = fromDesc(getOwn(o, keys[i]));
			if (d !== undefined)
				nDefine(r, keys[i], { value: d, writable: true,
				    enumerable: true, configurable: true });
		}
		return r;
	});
	wrap(O, 'assign', 2, anyArg, function (to) {
		var i, src, keys, j, d;
		to = toObj(to);
		for (i = 1; i < arguments.length; i++) {
			src = arguments[i];
			if (src == null)
				continue;
			src = Object(src);
			keys = ownKeys(src);
			for (j = 0; j < keys.length; j++) {
				d = getOwn(src, keys[j]);
				if (d !== undefined && d.enumerable)
					if (!reflectSet(to, keys[j], src[keys[j]], to))
						throw new TypeError('Cannot assign to ' +
						    'read only property ' + String(keys[j]));
			}
		}
		return to;
	});
	wrap(O, 'hasOwn', 2, arg0, function (o, k) {
		return getOwn(o, toKey(k)) !== undefined;
	});
	wrap(OP, 'hasOwnProperty', 1, thisArg, function (k) {
		return getOwn(this, toKey(k)) !== undefined;
	});
	wrap(OP, 'propertyIsEnumerable', 1, thisArg, function (k) {
		var d = getOwn(this, toKey(k));
		return d !== undefined && !!d.enumerable;
	});
	wrap(OP, 'isPrototypeOf', 1, arg0, function (v) {
		var o = toObj(this);
		for (;;) {
			v = getProto(v);
			if (v === null)
				return false;
			if (v === o)
				return true;
		}
	});
	/* Reflect.get/set/has take the spec's path when a proxy is the target,
	 * on its prototype chain (Duktape's lookup would walk past it) or the
	 * receiver. */
	function proxyOnChain(o) {
		while (o !== null && (typeof o === 'object' ||
		    typeof o === 'function')) {
			if (hasOwnI(o, REC))
				return true;
			o = nGetProto(o);
		}
		return false;
	}
	/* counts its arguments (a receiver or not) */
	wrap(R, 'get', 2, function (self, a) {
		return proxyOnChain(a[0]);
	}, reflectGet);
	wrap(R, 'set', 3, function (self, a) {
		return proxyOnChain(a[0]) || (a.length > 3 &&
		    recOf(a[3]) !== undefined);
	}, reflectSet);
	wrap(R, 'has', 2, function (self, a) {
		return proxyOnChain(a[0]);
	}, function (o, k) {
		needObj(o, 'has');
		k = toKey(k);
		for (; o !== null; o = getProto(o)) {
			if (recOf(o) !== undefined)
				return pHas(recOf(o), k);
			if (taNumeric(o, k))
				return baseHas(o, k);
			if (nGopd(o, k) !== undefined)
				return true;
		}
		return false;
	});
	wrap(R, 'deleteProperty', 2, arg0, function (o, k) {
		return pDelete(recOf(o), toKey(k));
	});
	wrap(R, 'apply', 3, arg0, function (f, self, args) {
		if (!isObject(args))
			throw new TypeError('CreateListFromArrayLike called on ' +
			    'non-object');
		return nApply(f, self, args);
	});
	wrap(R, 'construct', 2, function (self, a) {
		return recOf(a[0]) !== undefined || a[0] === Proxy;
	}, function (t, args) {
		var nt = arguments.length > 2 ? arguments[2] : t;
		if (!isCtor(nt))
			throw new TypeError(describe(nt) + ' is not a constructor');
		if (!isObject(args))
			throw new TypeError('CreateListFromArrayLike called on ' +
			    'non-object');
		if (t === Proxy)
			return make(args[0], args[1]).p;
		if (!isCtor(t))
			throw new TypeError(describe(t) + ' is not a constructor');
		return pConstruct(recOf(t), I.slice(args), nt);
	});
	wrap(Array, 'isArray', 1, arg0, function (o) {
		var fh = recOf(o);
		handlerOf(fh, 'IsArray');
		return isArray(fh[TARGET]);
	});
	(function () {
		var d = nGopd(OP, '__proto__'), get = orig(OP, 'get __proto__');
		var set = orig(OP, 'set __proto__'), g, s;
		if (d === undefined || d.get !== get || d.set !== set)
			return;
		g = {
			get __proto__() {
				var r = recOf(this);
				return r !== undefined ? pGetProto(r) : call(get, this);
			}
		};
		s = {
			set __proto__(v) {
				var r = recOf(this);
				if (r === undefined || (!isObject(v) && v !== null))
					return call(set, this, v);
				if (!pSetProto(r, v))
					throw new TypeError("'setPrototypeOf' on proxy: " +
					    'trap returned falsish');
			}
		};
		nDefine(OP, '__proto__', {
			get: nGopd(g, '__proto__').get,
			set: nGopd(s, '__proto__').set,
			enumerable: false, configurable: true });
	})();

	if (P.lowerDescSlot !== undefined) {
		P.lowerDescSlot.get = function (o, k) {
			return fromDesc(getOwn(o, k));
		};
		P.lowerDescSlot.keys = ownKeys;
	}
	P.defGlobal('Proxy', Proxy);
});

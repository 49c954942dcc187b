/*
 * 50_lower.js: the helpers that lowered code calls (engine/LOWERING.md
 * lists them): TDZ and const errors, rest/spread, destructuring, template
 * objects, object spread, private names, classes and super.  ES5.1 only.
 * None of them takes a callback that could contain an await or a yield.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P || {};
	var hasOwn = Object.prototype.hasOwnProperty;
	var fnToString = Function.prototype.toString;
	var slice = Array.prototype.slice;
	var defProp = Object.defineProperty;
	var getProto = Object.getPrototypeOf;
	var getDesc = Object.getOwnPropertyDescriptor;
	var ownNames = Object.getOwnPropertyNames;
	var ownSyms = Object.getOwnPropertySymbols;
	var ArrayValues = Array.prototype[Symbol.iterator];
	var hidden = P.hidden || function (n) { return Symbol(n); };
	var PRIV = hidden('cmPrivate');
	var privCounter = 0;
	var pendingNT;

	function def(name, fn) {
		defProp(cm, name, { value: fn, writable: true, enumerable: false,
		    configurable: true });
	}

	function isObject(x) {
		return (typeof x === 'object' && x !== null) ||
		    typeof x === 'function';
	}

	function describe(x) {
		if (P.describe)
			return P.describe(x);
		return typeof x === 'string' ? JSON.stringify(x) : String(x);
	}

	/* ---- bindings ---- */

	def('tdz', function tdz(name) {
		throw new ReferenceError("Cannot access '" + name +
		    "' before initialization");
	});
	def('constAssign', function constAssign() {
		throw new TypeError('Assignment to constant variable.');
	});

	/* ---- iteration for spread and array patterns ---- */

	function isPlainArray(v) {
		return Array.isArray(v) && v[Symbol.iterator] === ArrayValues &&
		    ArrayValues !== undefined;
	}

	var ArrayIterProto = ArrayValues ?
	    getProto(ArrayValues.call([])) : undefined;
	var ArrayIterNext = ArrayIterProto ? ArrayIterProto.next : undefined;

	/* for-of over a plain array with the untouched default iterator can
	 * index it directly: the array iterator reads length each step too. */
	def('ofArray', function ofArray(v) {
		return isPlainArray(v) && ArrayIterNext !== undefined &&
		    ArrayIterProto.next === ArrayIterNext ? v : null;
	});

	def('rest', function rest(args, i) {
		return slice.call(args, i);
	});

	/* A fresh array of an iterable's values ([...x]). */
	def('spread', function spread(x) {
		var out = [], it, st, i, n;

		if (isPlainArray(x)) {
			n = x.length;
			for (i = 0; i < n; i++)
				out[i] = x[i];
			return out;
		}
		it = cm.iter(x);
		for (;;) {
			st = it.next();
			if (!isObject(st))
				throw new TypeError('Iterator result ' + describe(st) +
				    ' is not an object');
			if (st.done)
				return out;
			out.push(st.value);
		}
	});

	/* The first n values of an iterable (closing it), for [a, b] = v. */
	function arrPat(v, n, rest) {
		var out = [], it, st, i, done = false, r;

		if (isPlainArray(v)) {
			if (!rest)
				return v;
			for (i = 0; i < n; i++)
				out[i] = v[i];
			out[n] = slice.call(v, n);
			for (i = 0; i < out[n].length; i++)
				if (!(i in out[n]))
					out[n][i] = undefined;
			return out;
		}
		it = cm.iter(v);
		for (i = 0; i < n; i++) {
			st = it.next();
			if (!isObject(st))
				throw new TypeError('Iterator result ' + describe(st) +
				    ' is not an object');
			if (st.done) {
				done = true;
				break;
			}
			out[i] = st.value;
		}
		out.length = n;
		if (rest) {
			r = [];
			while (!done) {
				st = it.next();
				if (st.done)
					break;
				r.push(st.value);
			}
			out[n] = r;
		} else if (!done) {
			cm.iterClose(it);
		}
		return out;
	}
	def('arrPat', function (v, n) { return arrPat(v, n, false); });
	def('arrPatRest', function (v, n) { return arrPat(v, n, true); });

	/* ---- objects ---- */

	def('objCheck', function objCheck(v) {
		if (v === null || v === undefined)
			throw new TypeError('Cannot destructure ' + describe(v) +
			    ' as it is ' + (v === null ? 'null' : 'undefined') + '.');
		return v;
	});

	def('toKey', function toKey(v) {
		return typeof v === 'symbol' ? v : String(v);
	});

	function ownKeys(o) {
		var keys = ownNames(o);

		return ownSyms ? keys.concat(ownSyms(o)) : keys;
	}

	def('objRest', function objRest(o, exclude) {
		var out = {}, keys, i, j, k, d, skip;

		o = Object(o);
		keys = ownKeys(o);
		for (i = 0; i < keys.length; i++) {
			k = keys[i];
			skip = false;
			for (j = 0; j < exclude.length; j++)
				if (exclude[j] === k || (typeof k !== 'symbol' &&
				    typeof exclude[j] !== 'symbol' &&
				    String(exclude[j]) === k)) {
					skip = true;
					break;
				}
			if (skip)
				continue;
			d = getDesc(o, k);
			if (d && d.enumerable)
				defProp(out, k, { value: o[k], writable: true,
				    enumerable: true, configurable: true });
		}
		return out;
	});

	/* {a, ...x, b}: objSpread(literal, source, literal, source, ...). */
	def('objSpread', function objSpread(target) {
		var i, j, src, keys, k, d;

		for (i = 1; i < arguments.length; i++) {
			src = arguments[i];
			if (src === null || src === undefined)
				continue;
			src = Object(src);
			keys = ownKeys(src);
			for (j = 0; j < keys.length; j++) {
				k = keys[j];
				d = getDesc(src, k);
				if (!d || (i % 2 === 1 && !d.enumerable))
					continue;
				if (i % 2 === 1)
					d = { value: src[k], writable: true,
					    enumerable: true, configurable: true };
				defProp(target, k, d);
			}
		}
		return target;
	});

	def('setProto', function setProto(o, proto) {
		if (proto === null || isObject(proto))
			Object.setPrototypeOf(o, proto);
		return o;
	});

	def('construct', function construct(C, args) {
		if (typeof C !== 'function')
			throw new TypeError(describe(C) + ' is not a constructor');
		return new (Function.prototype.bind.apply(C, [null].concat(args)))();
	});

	/* The strings array of a tagged template call site. */
	def('tplObj', function tplObj(cooked, raw) {
		defProp(cooked, 'raw', { value: Object.freeze(raw) });
		return Object.freeze(cooked);
	});

	/* ---- private names: a hidden per-object record keyed by name ---- */

	def('privName', function privName(desc) {
		return { key: desc + '@' + (++privCounter), desc: desc, kind: 0,
		    fn: undefined, get: undefined, set: undefined };
	});

	function bagOf(o) {
		if (!isObject(o))
			return undefined;
		return hasOwn.call(o, PRIV) ? o[PRIV] : undefined;
	}

	def('privDef', function privDef(o, k, v) {
		var bag = bagOf(o);

		if (bag === undefined) {
			bag = Object.create(null);
			defProp(o, PRIV, { value: bag, writable: false,
			    enumerable: false, configurable: false });
		}
		if (k.key in bag)
			throw new TypeError('Cannot initialize ' + k.desc +
			    ' twice on the same object');
		bag[k.key] = v;
	});

	def('privMethod', function privMethod(o, k, fn, kind) {
		if (kind === 0) {
			k.kind = 1;
			k.fn = fn;
		} else {
			k.kind = 2;
			if (kind === 1)
				k.get = fn;
			else
				k.set = fn;
		}
		var bag = bagOf(o);
		if (bag === undefined || !(k.key in bag))
			cm.privDef(o, k, true);
	});

	def('privGet', function privGet(o, k) {
		var bag = bagOf(o);

		if (bag === undefined || !(k.key in bag))
			throw new TypeError('Cannot read private member ' + k.desc +
			    ' from an object whose class did not declare it');
		if (k.kind === 0)
			return bag[k.key];
		if (k.kind === 1)
			return k.fn;
		if (k.get === undefined)
			throw new TypeError("'" + k.desc +
			    "' was defined without a getter");
		return k.get.call(o);
	});

	def('privSet', function privSet(o, k, v) {
		var bag = bagOf(o);

		if (bag === undefined || !(k.key in bag))
			throw new TypeError('Cannot write private member ' + k.desc +
			    ' to an object whose class did not declare it');
		if (k.kind === 0)
			bag[k.key] = v;
		else if (k.kind === 1)
			throw new TypeError('Private method is not writable');
		else if (k.set === undefined)
			throw new TypeError("'" + k.desc +
			    "' was defined without a setter");
		else
			k.set.call(o, v);
		return v;
	});

	def('privIn', function privIn(o, k) {
		var bag;

		if (!isObject(o))
			throw new TypeError("Cannot use 'in' operator to search for '" +
			    k.desc + "' in " + describe(o));
		bag = bagOf(o);
		return bag !== undefined && k.key in bag;
	});

	/* ---- classes ---- */

	def('ctorCheck', function ctorCheck(nt, name) {
		var t;

		if (nt !== undefined)
			return nt;
		if (pendingNT !== undefined) {
			t = pendingNT;
			pendingNT = undefined;
			return t;
		}
		throw new TypeError('Class constructor ' + (name || '') +
		    " cannot be invoked without 'new'");
	});

	function isNative(f) {
		try {
			return /\[native code\]/.test(fnToString.call(f));
		} catch (e) {
			return false;
		}
	}

	/* super(...args) in a derived constructor: returns the new `this`. */
	def('superCall', function superCall(Super, args, nt) {
		var obj, r;

		if (typeof Super !== 'function')
			throw new TypeError('Super constructor ' + describe(Super) +
			    ' of anonymous class is not a constructor');
		if (nt === undefined)
			nt = Super;
		if (isNative(Super)) {
			/* built-ins (Error, Array, Date...) make their own object */
			r = new (Function.prototype.bind.apply(Super,
			    [null].concat(slice.call(args))))();
			if (isObject(nt.prototype))
				Object.setPrototypeOf(r, nt.prototype);
			return r;
		}
		obj = Object.create(isObject(nt.prototype) ? nt.prototype :
		    Object.prototype);
		pendingNT = nt;
		try {
			r = Super.apply(obj, args);
		} finally {
			pendingNT = undefined;
		}
		return isObject(r) ? r : obj;
	});

	def('classProto', function classProto(C) {
		defProp(C, 'prototype', { writable: false });
	});

	def('inherits', function inherits(C, Super) {
		var proto;

		if (Super === null) {
			proto = null;
		} else {
			if (typeof Super !== 'function')
				throw new TypeError('Class extends value ' +
				    describe(Super) + ' is not a constructor or null');
			proto = Super.prototype;
			if (proto !== null && !isObject(proto))
				throw new TypeError('Class extends value does not ' +
				    'have valid prototype property ' + describe(proto));
			Object.setPrototypeOf(C, Super);
		}
		C.prototype = Object.create(proto, { constructor: { value: C,
		    writable: true, enumerable: false, configurable: true } });
		defProp(C, 'prototype', { writable: false });
	});

	/* Defines a method (kind 0), getter (1) or setter (2). */
	def('method', function method(target, key, fn, kind) {
		var d;

		if (typeof key !== 'symbol')
			key = String(key);
		if (kind === 0) {
			defProp(target, key, { value: fn, writable: true,
			    enumerable: false, configurable: true });
			return;
		}
		d = getDesc(target, key);
		if (!d || !('get' in d))
			d = { get: undefined, set: undefined };
		if (kind === 1)
			d.get = fn;
		else
			d.set = fn;
		defProp(target, key, { get: d.get, set: d.set, enumerable: false,
		    configurable: true });
	});

	/* An object literal's accessor defined after the literal. */
	def('objAccessor', function objAccessor(o, key, fn, kind) {
		var d = getDesc(o, key);

		if (!d || !('get' in d))
			d = { get: undefined, set: undefined };
		if (kind === 1)
			d.get = fn;
		else
			d.set = fn;
		defProp(o, key, { get: d.get, set: d.set, enumerable: true,
		    configurable: true });
		return o;
	});

	def('defField', function defField(o, k, v) {
		defProp(o, k, { value: v, writable: true, enumerable: true,
		    configurable: true });
	});

	function findDesc(o, key) {
		var d;

		for (; o !== null && o !== undefined; o = getProto(o)) {
			d = getDesc(o, key);
			if (d)
				return d;
		}
		return undefined;
	}

	/* super[key] in a method whose home object is `home`. */
	def('superGet', function superGet(home, key, recv) {
		var d = findDesc(getProto(home), key);

		if (d === undefined)
			return undefined;
		if ('value' in d)
			return d.value;
		return d.get === undefined ? undefined : d.get.call(recv);
	});

	def('superSet', function superSet(home, key, v, recv) {
		var d = findDesc(getProto(home), key);

		if (d !== undefined && !('value' in d)) {
			if (d.set === undefined)
				throw new TypeError('Cannot set property ' + String(key) +
				    ' which has only a getter');
			d.set.call(recv, v);
			return v;
		}
		if (d !== undefined && !d.writable)
			throw new TypeError('Cannot assign to read only property \'' +
			    String(key) + "'");
		d = getDesc(recv, key);
		if (d === undefined || 'value' in d)
			defProp(recv, key, d ? { value: v } : { value: v,
			    writable: true, enumerable: true, configurable: true });
		else
			recv[key] = v;
		return v;
	});

	if (cm.importDynamic === undefined)
		def('importDynamic', function importDynamic(name) {
			return Promise.reject(new TypeError('Cannot import ' +
			    describe(name) + ': modules are not available here'));
		});
})(this);

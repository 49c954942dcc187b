/*
 * 50_lower.js: the helpers that lowered code calls (engine/front/LOWERING.md
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
	/* Duktape's bind: 33_builtins.js wraps Function.prototype.bind for
	 * its length, which a construction through bind need not pay. */
	var nativeBind = P.nativeBind || Function.prototype.bind;
	var defProp = Object.defineProperty;
	var getProto = Object.getPrototypeOf;
	var getDesc = Object.getOwnPropertyDescriptor;
	var ownNames = Object.getOwnPropertyNames;
	var ownSyms = Object.getOwnPropertySymbols;
	var ArrayValues = Array.prototype[Symbol.iterator];
	var stepValue = P.stepValue, DONE = P.DONE;
	var hidden = P.hidden || function (n) { return Symbol(n); };
	var PRIV = hidden('cmPrivate');
	var privCounter = 0;
	var pendingNT;
	var CLS = hidden('cmClass');	/* marks constructors made by classes */
	var isCtor = P.native && typeof P.native.isConstructor === 'function' ?
	    P.native.isConstructor : function (f) {
		return typeof f === 'function';
	};

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
	/* __cm.fname(fn, name): the `name` of a function that ES2015 names
	 * from its context (`let f = () => {}`); natively when the host can. */
	def('fname', P.native && typeof P.native.fname === 'function' ?
	    P.native.fname : function fname(fn, name) {
		defProp(fn, 'name', { value: name, writable: false,
		    enumerable: false, configurable: true });
		return fn;
	});
	/*
	 * BigInt (41_bigint.js, a cold group): literals, and the operators of
	 * code that mentions a BigInt where an operand is an object
	 * (LOWERING.md). The group loads at the first of them.
	 */
	var B = null;
	function big() {
		if (B === null) {
			P.need.bigint();
			B = P.bigImpl;
		}
		return B;
	}
	def('big', function (t) { return (B || big()).lit(t); });
	def('bop', function (k, a, b) { return (B || big()).op(k, a, b); });
	def('bneg', function (a) { return (B || big()).neg(a); });
	def('bnot', function (a) { return (B || big()).not(a); });
	def('bpos', function (a) { return (B || big()).pos(a); });
	def('bnum', function (a) { return (B || big()).num(a); });
	def('binc', function (t, d) { return (B || big()).inc(t, d); });
	/* Only ever asked about an object: no BigInt before the group. */
	def('btype', function (v) {
		return P.isBigInt(v) ? 'bigint' : 'object';
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

	/* A fresh array of an iterable's values ([...x]); name and call (a
	 * call's argument): for the error only (P.getIterator). */
	def('spread', function spread(x, name, call) {
		var out = [], it, next, v, i, n;

		if (isPlainArray(x)) {
			n = x.length;
			for (i = 0; i < n; i++)
				out[i] = x[i];
			return out;
		}
		it = cm.iter(x, name, call);
		next = it.next;
		/* V8 words an array literal's spread whose next is no function
		 * as one that does not iterate (`o is not iterable`); nothing
		 * runs between this and the first step, where it throws */
		if (typeof next !== 'function' && call === undefined &&
		    name !== undefined)
			throw new TypeError(name + ' is not iterable');
		while ((v = stepValue(it, next)) !== DONE)
			out[out.length] = v;
		return out;
	});

	/* The first n values of an iterable (closing it), for [a, b] = v. */
	function arrPat(v, n, rest) {
		var out = [], it, next, x, i, done = false, r;

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
		next = it.next;
		for (i = 0; i < n; i++) {
			x = stepValue(it, next);
			if (x === DONE) {
				done = true;
				break;
			}
			out[i] = x;
		}
		out.length = n;
		if (rest) {
			r = [];
			while (!done && (x = stepValue(it, next)) !== DONE)
				r[r.length] = x;
			out[n] = r;
		} else if (!done) {
			cm.iterClose(it);
		}
		return out;
	}
	def('arrPat', function (v, n) { return arrPat(v, n, false); });
	def('arrPatRest', function (v, n) { return arrPat(v, n, true); });

	/*
	 * Array destructuring, one element at a time, as the spec steps the
	 * iterator: r = dIter(v); dStep(r) per element (undefined once done);
	 * dRest(r) for a rest element; dEnd(r) closes an iterator left undone;
	 * dAbort(r, e) closes it on an abrupt exit and rethrows e. A plain
	 * array whose iteration is untouched is indexed instead (the array
	 * iterator reads length at each step too).
	 */
	def('dIter', function dIter(v, name) {
		var it;

		if (isPlainArray(v) && ArrayIterNext !== undefined &&
		    ArrayIterProto.next === ArrayIterNext &&
		    ArrayIterProto['return'] === undefined)
			return { a: v, i: 0, it: null, next: null, done: false };
		it = cm.iter(v, name);
		return { a: null, i: 0, it: it, next: it.next, done: false };
	});

	function dStep(r) {
		var v;

		if (r.done)
			return undefined;
		if (r.a !== null) {
			if (r.i < r.a.length)
				return r.a[r.i++];
			r.done = true;
			return undefined;
		}
		/* an abrupt next(), done or value leaves the iterator done */
		r.done = true;
		v = stepValue(r.it, r.next);
		if (v === DONE)
			return undefined;
		r.done = false;
		return v;
	}
	def('dStep', dStep);

	/* The array itself when dIter would index it, else null. */
	def('dFast', function dFast(v) {
		return isPlainArray(v) && ArrayIterNext !== undefined &&
		    ArrayIterProto.next === ArrayIterNext &&
		    ArrayIterProto['return'] === undefined ? v : null;
	});

	/* [...r] of a plain array from index i: a dense copy. */
	def('dSlice', function dSlice(a, i) {
		var out = [], n = 0;

		for (; i < a.length; i++)
			out[n++] = a[i];
		return out;
	});

	def('dRest', function dRest(r) {
		var out = [], n = 0, v;

		for (;;) {
			v = dStep(r);
			if (r.done)
				return out;
			out[n++] = v;
		}
	});

	def('dEnd', function dEnd(r) {
		if (r.done)
			return;
		r.done = true;
		if (r.it !== null)
			cm.iterClose(r.it, false);
	});

	def('dAbort', function dAbort(r, e) {
		if (!r.done) {
			r.done = true;
			/* a generator's return() is a return completion: errors
			 * from the iterator's return() replace it */
			if (r.it !== null)
				cm.iterClose(r.it, !(cm.isGenReturn &&
				    cm.isGenReturn(e)));
		}
		throw e;
	});

	/* ---- objects ---- */

	/*
	 * RequireObjectCoercible of a destructured value, failing in V8's
	 * words (LOWERING.md "Error texts"): name is how V8 names the value
	 * ('' for none: the type, `object null`), key the first property when
	 * V8 names it; without a name (nested patterns) V8 words a failed
	 * property read.
	 */
	function destructError(v, name, key) {
		var what = v === null ? 'null' : 'undefined';

		if (typeof name !== 'string')
			return new TypeError('Cannot read properties of ' + what +
			    (key === undefined ? '' : " (reading '" + key + "')"));
		if (name === '')
			name = v === null ? 'object null' : 'undefined';
		return new TypeError('Cannot destructure ' + (key === undefined ?
		    '' : "property '" + key + "' of ") + "'" + name + "' as it is " +
		    what + '.');
	}
	def('objCheck', function objCheck(v, name, key) {
		if (v === null || v === undefined)
			throw destructError(v, name, key);
		return v;
	});

	/* ToPrimitive(v, string) for an object: may give a symbol. */
	function toPrimKey(v) {
		var f = v[Symbol.toPrimitive], r, i, m;

		if (f !== undefined && f !== null) {
			if (typeof f !== 'function')
				throw new TypeError('Symbol.toPrimitive is not a function');
			r = f.call(v, 'string');
			if (!isObject(r))
				return r;
		} else {
			m = ['toString', 'valueOf'];
			for (i = 0; i < 2; i++) {
				f = v[m[i]];
				if (typeof f === 'function') {
					r = f.call(v);
					if (!isObject(r))
						return r;
				}
			}
		}
		throw new TypeError('Cannot convert object to primitive value');
	}

	function toKey(v) {
		if (isObject(v))
			v = toPrimKey(v);
		return typeof v === 'symbol' ? v : String(v);
	}
	def('toKey', toKey);

	function ownKeys(o) {
		var keys = ownNames(o);

		return ownSyms ? keys.concat(ownSyms(o)) : keys;
	}

	/* objRest/objSpread read descriptors through this slot: group
	 * `proxy` (37_proxy.js) points it at a [[GetOwnProperty]] that runs a
	 * proxy's trap, which Duktape's never does. */
	var descSlot = { get: getDesc, keys: ownKeys };
	P.lowerDescSlot = descSlot;

	def('objRest', function objRest(o, exclude) {
		var out = {}, keys, i, j, k, d, skip;

		o = Object(o);
		keys = descSlot.keys(o);
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
			d = descSlot.get(o, k);
			if (d && d.enumerable)
				defProp(out, k, { value: o[k], writable: true,
				    enumerable: true, configurable: true });
		}
		return out;
	});

	/* {a, ...x, b}: objSpread(literal, source, literal, source, ...), the
	 * engine's __cm_native.objSpread (engine/host/natives.c), which copies
	 * an ordinary object or an Array itself and hands a Proxy, a String
	 * or a typed array to spreadSlow: a copy through the descriptors,
	 * which a Proxy's traps see. */
	function spreadSlow(target, src, literal) {
		var keys = descSlot.keys(src), j, k, d;

		for (j = 0; j < keys.length; j++) {
			k = keys[j];
			d = descSlot.get(src, k);
			if (!d || (!literal && !d.enumerable))
				continue;
			if (!literal)
				d = { value: src[k], writable: true,
				    enumerable: true, configurable: true };
			defProp(target, k, d);
		}
	}
	P.native.spreadSlow(spreadSlow);
	def('objSpread', P.native.objSpread);

	def('setProto', function setProto(o, proto) {
		if (proto === null || isObject(proto))
			Object.setPrototypeOf(o, proto);
		return o;
	});

	def('construct', function construct(C, args) {
		if (typeof C !== 'function')
			throw new TypeError(describe(C) + ' is not a constructor');
		return new (nativeBind.apply(C, [null].concat(args)))();
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
		if (!isObject(o) || !hasOwn.call(o, PRIV))
			return undefined;
		/* a Duktape Proxy keeps the key on itself but reads through
		 * to its target */
		return o[PRIV] || getDesc(o, PRIV).value;
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

	/* A private method or accessor of one class evaluation: the record
	 * keeps the functions, objects only carry the brand (privBrand). */
	def('privFn', function privFn(k, fn, kind) {
		fnName(fn, k.desc, kind);
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
	});

	def('privBrand', function privBrand(o, k) {
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
		throw new TypeError((name ? 'Class constructor ' + name :
		    'Class constructors') + " cannot be invoked without 'new'");
	});

	/* every toString says [native code]: Duktape's C functions, asked */
	var isNative = P.native && typeof P.native.isCFunction === 'function' ?
	    P.native.isCFunction : function (f) {
		try {
			return /\[native code\]/.test(fnToString.call(f));
		} catch (e) {
			return false;
		}
	};

	function noThis() {
		throw new ReferenceError("Must call super constructor in derived " +
		    "class before accessing 'this' or returning from derived " +
		    'constructor');
	}
	def('noThis', noThis);

	/* `return v` in a derived constructor whose `this` is self. */
	def('derivedRet', function derivedRet(v, self) {
		if (isObject(v))
			return v;
		if (v !== undefined)
			throw new TypeError('Derived constructors may only return ' +
			    'object or undefined');
		if (self === undefined)
			noThis();
		return self;
	});

	/* super(...args) in the derived constructor F: constructs F's
	 * [[Prototype]] and returns the new `this`; self is `this` so far (a
	 * second super() throws once it returns). */
	def('superCall', function superCall(F, args, nt, self) {
		var S = getProto(F), obj;

		if (S === Function.prototype)	/* class extends null */
			throw new TypeError('Super constructor null of ' +
			    (F.name || 'anonymous class') + ' is not a constructor');
		obj = superConstruct(S, args, nt);
		if (self !== undefined)
			throw new ReferenceError('Super constructor may only be ' +
			    'called once');
		return obj;
	});

	function superConstruct(Super, args, nt) {
		var obj, r, cls;

		if (!isCtor(Super))
			throw new TypeError('Super constructor ' + describe(Super) +
			    ' of anonymous class is not a constructor');
		if (nt === undefined)
			nt = Super;
		cls = Super[CLS] === true;
		if (!cls && isNative(Super)) {
			/* built-ins (Error, Array, Date...) make their own object */
			r = new (nativeBind.apply(Super,
			    [null].concat(slice.call(args))))();
			if (isObject(nt.prototype))
				Object.setPrototypeOf(r, nt.prototype);
			return r;
		}
		obj = Object.create(isObject(nt.prototype) ? nt.prototype :
		    Object.prototype);
		if (!cls) {
			r = Super.apply(obj, args);
			/* a runtime built-in written in ES (typed arrays, RegExp)
			 * returns its own Super.prototype object: subclass it */
			if (isObject(r) && r !== obj && nt !== Super &&
			    getProto(r) === Super.prototype &&
			    isObject(nt.prototype))
				Object.setPrototypeOf(r, nt.prototype);
			return isObject(r) ? r : obj;
		}
		pendingNT = nt;
		try {
			r = Super.apply(obj, args);
		} finally {
			pendingNT = undefined;
		}
		return isObject(r) ? r : obj;
	}

	/* name: the `name` of an anonymous class ('' or the inferred one). */
	def('classProto', function classProto(C, name) {
		defProp(C, CLS, { value: true });
		defProp(C, 'prototype', { writable: false });
		if (name !== undefined)
			fnName(C, name, 0);
	});

	/* A lowered generator or async function (__cm.genFn gave it the
	 * intrinsic prototype): not a constructor. */
	function isCoroFn(f) {
		var p = getProto(f), t;

		if (p === null || p === Function.prototype)
			return false;
		t = getDesc(p, Symbol.toStringTag);
		return t !== undefined && (t.value === 'GeneratorFunction' ||
		    t.value === 'AsyncFunction' ||
		    t.value === 'AsyncGeneratorFunction');
	}

	def('inherits', function inherits(C, Super, name) {
		var proto;

		defProp(C, CLS, { value: true });
		if (name !== undefined)
			fnName(C, name, 0);
		if (Super === null) {
			proto = null;
		} else {
			if (!isCtor(Super) || isCoroFn(Super))
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

	/* SetFunctionName(fn, key, "get"/"set" for kinds 1/2). */
	function fnName(fn, key, kind) {
		var n;

		if (typeof key === 'symbol') {
			n = key.description;
			n = n === undefined ? '' : '[' + n + ']';
		} else {
			n = key;
		}
		if (kind)
			n = (kind === 1 ? 'get ' : 'set ') + n;
		defProp(fn, 'name', { value: n, writable: false,
		    enumerable: false, configurable: true });
		return fn;
	}

	/* An anonymous function stored under a computed key: named by it. */
	def('fnameKey', function fnameKey(fn, key) {
		return fnName(fn, key, 0);
	});

	/* Defines a method (kind 0), getter (1) or setter (2). */
	def('method', function method(target, key, fn, kind) {
		var d;

		key = toKey(key);
		fnName(fn, key, kind);
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

		fnName(fn, key, kind);
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

	/* { [k]: function () {} }: the function named by the key's value. */
	def('fnameKey', function fnameKey(fn, key) {
		return fnName(fn, key, 0);
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

	function superBase(home) {
		var p = getProto(home);

		if (p === null)
			throw new TypeError('super: the home object has a null ' +
			    'prototype');
		return p;
	}

	/* super[key] in a method whose home object is `home`. */
	def('superGet', function superGet(home, key, recv) {
		var d = findDesc(superBase(home), key);

		if (d === undefined)
			return undefined;
		if ('value' in d)
			return d.value;
		return d.get === undefined ? undefined : d.get.call(recv);
	});

	def('superSet', function superSet(home, key, v, recv) {
		var d = findDesc(superBase(home), key);

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

	/* ---- eval and Function: their source is lowered at run time ---- */

	var nativeEval = G.eval;
	var NativeFunction = G.Function;
	var lowerNative = P.native && typeof P.native.lower === 'function' ?
	    P.native.lower : undefined;
	var evalSlot = 0;

	/* The first name number code lowered at run time may use: a slot of
	 * 65536 above everything a script's own lowering numbers. */
	function serial() {
		evalSlot = (evalSlot + 1) % 65000;
		return (256 + evalSlot) * 65536;
	}

	/* Lowers eval code; a sloppy `var` that would be hoisted over one of
	 * the caller's lexical names (lex) is a SyntaxError. */
	/* mode: 1 strict code; 4 and 8: in an arrow, `this` and `arguments`
	 * are the caller's $this and $args (lower.h LOWER_F_THIS/ARGS). */
	function lowerEval(src, mode, lex, renames) {
		var r = lowerNative(src, 2 | mode, serial(), renames), i;

		for (i = 0; lex !== undefined && i < r.vars.length; i++)
			if (lex.indexOf(r.vars[i]) >= 0)
				throw new SyntaxError("Identifier '" + r.vars[i] +
				    "' has already been declared");
		return r.code;
	}

	/* eval(__cm.evalSrc(eval, x, mode, lex, renames)): a direct eval's
	 * argument; renames pairs names with their spelling in the caller. */
	def('evalSrc', function evalSrc(e, x, mode, lex, renames) {
		if (e !== nativeEval || typeof x !== 'string' ||
		    lowerNative === undefined)
			return x;
		return lowerEval(x, mode, lex, renames);
	});

	/* The arguments object of a sloppy function with non-simple
	 * parameters is unmapped (the lowering renames its formals):
	 * its callee is %ThrowTypeError%, as in strict code
	 * (CreateUnmappedArgumentsObject; LOWERING.md "Functions"). */
	var throwTypeError = Object.getOwnPropertyDescriptor(
	    Function.prototype, 'caller').get;
	def('noCallee', function noCallee(a) {
		defProp(a, 'callee', { get: throwTypeError, set: throwTypeError,
		    enumerable: false, configurable: false });
	});

	/* eval reached as a value, e.g. (0, eval)(x): an indirect eval. */
	var indirectEval = function (x) {
		if (typeof x !== 'string')
			return x;
		return nativeEval(lowerEval(x, 0, undefined, undefined));
	};
	defProp(indirectEval, 'name', { value: 'eval', configurable: true });
	/* a built-in: no constructor, no `prototype` (99_seal.js) */
	if (P.native.noCtor !== undefined)
		P.native.noCtor(indirectEval, 0);
	def('evalRef', function evalRef(v) {
		return v === nativeEval && lowerNative !== undefined ?
		    indirectEval : v;
	});

	/* Function(p1, ..., body): the function source, lowered and evaluated
	 * in the global scope, as the native constructor does. */
	if (lowerNative !== undefined) {
		var FunctionW = function Function(p) {
			var n = arguments.length, params = [], i, body;

			for (i = 0; i < n - 1; i++)
				params.push(String(arguments[i]));
			body = n > 0 ? String(arguments[n - 1]) : '';
			return nativeEval(lowerNative('(function anonymous(' +
			    params.join(',') + '\n) {\n' + body + '\n})', 0,
			    serial()));
		};
		defProp(FunctionW, 'prototype', { value: NativeFunction.prototype,
		    writable: false, enumerable: false, configurable: false });
		defProp(NativeFunction.prototype, 'constructor', { value: FunctionW,
		    writable: true, enumerable: false, configurable: true });
		defProp(G, 'Function', { value: FunctionW, writable: true,
		    enumerable: false, configurable: true });
	}

	/*
	 * The steps of import(specifier, options) that come before any
	 * module is looked for (EvaluateImportCall): ToString of the
	 * specifier, then the options' `with` object, every enumerable own
	 * string key of it with a string value, each key one the host
	 * supports (only `type`).  Returns the specifier string; what it
	 * throws is what the import's promise rejects with, so a
	 * specifier whose toString throws rejects with that error whether
	 * or not modules are available.
	 */
	var ownKeys = G.Reflect.ownKeys;
	var String_ = String, TypeError_ = TypeError, SyntaxError_ = SyntaxError;

	P.importRequest = function importRequest(spec, options) {
		var s, w, keys, i, d, v;

		if (typeof spec === 'symbol')
			throw new TypeError_('Cannot convert a Symbol value to a string');
		s = String_(spec);
		if (options === undefined)
			return s;
		if (!isObject(options))
			throw new TypeError_('The second argument of import() must be an object');
		w = options['with'];
		if (w === undefined)
			return s;
		if (!isObject(w))
			throw new TypeError_('The \'with\' option of import() must be an object');
		keys = ownKeys(w);
		for (i = 0; i < keys.length; i++) {
			if (typeof keys[i] !== 'string')
				continue;
			d = getDesc(w, keys[i]);
			if (d === undefined || !d.enumerable)
				continue;
			v = w[keys[i]];
			if (typeof v !== 'string')
				throw new TypeError_('Import attribute values must be strings');
			if (keys[i] !== 'type')
				throw new SyntaxError_('Import attribute \'' + keys[i] +
				    '\' is not supported');
		}
		return s;
	};

	if (cm.importDynamic === undefined)
		def('importDynamic', function importDynamic(spec, options, phase) {
			var s;

			try {
				s = P.importRequest(spec, options);
			} catch (e) {
				return Promise.reject(e);
			}
			return Promise.reject(new TypeError('Cannot import ' +
			    describe(s) + ': modules are not available here'));
		});
})(this);

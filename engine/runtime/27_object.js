/*
 * 27_object.js: Object.entries/values/fromEntries/getOwnPropertyDescriptors/
 * hasOwn/groupBy, and globalThis if missing.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var describe = P.describe, isObject = P.isObject;
	var propIsEnum = Object.prototype.propertyIsEnumerable;
	var hasOwn = Object.prototype.hasOwnProperty;
	/* The intrinsics, not whatever a script later stores in the global
	 * `Object` or in `Object.keys`. */
	var keysOf = Object.keys, defProp = Object.defineProperty;
	var create = Object.create;

	var toObj = P.toObj;

	function enumOwn(o, kind) {
		var keys = keysOf(o), r = [], i, k;
		for (i = 0; i < keys.length; i++) {
			k = keys[i];
			if (!propIsEnum.call(o, k))
				continue;	/* deleted or changed by a getter */
			if (kind === 0)
				r.push(o[k]);
			else
				r.push([k, o[k]]);
		}
		return r;
	}

	P.defs(Object, {
		entries: function entries(o) {
			return enumOwn(toObj(o), 1);
		},
		values: function values(o) {
			return enumOwn(toObj(o), 0);
		},
		fromEntries: function fromEntries(iterable) {
			var o = {}, it, next, e;
			/* V8's words, for null too */
			if (iterable == null)
				throw new TypeError('undefined is not iterable');
			it = P.getIterator(iterable);
			next = it.next;
			for (;;) {
				e = P.stepValue(it, next);
				if (e === P.DONE)
					return o;
				try {
					if (!isObject(e))
						throw new TypeError('Iterator value ' +
						    describe(e) + ' is not an entry object');
					defProp(o, e[0], { value: e[1],
					    writable: true, enumerable: true,
					    configurable: true });
				} catch (err) {
					P.iterClose(it, true);
					throw err;
				}
			}
		},
		getOwnPropertyDescriptors: function getOwnPropertyDescriptors(o) {
			var r = {}, keys, i, d;
			o = toObj(o);
			keys = Reflect.ownKeys(o);
			for (i = 0; i < keys.length; i++) {
				d = Object.getOwnPropertyDescriptor(o, keys[i]);
				if (d !== undefined)
					r[keys[i]] = d;
			}
			return r;
		},
		hasOwn: function hasOwn_(o, k) {
			return hasOwn.call(toObj(o), k);
		},
		groupBy: function groupBy(items, cb) {
			var o = create(null), it, next, v, k, i = 0;
			if (typeof cb !== 'function')
				throw new TypeError(describe(cb) + ' is not a function');
			it = P.getIterator(items);
			next = it.next;
			for (;;) {
				v = P.stepValue(it, next);
				if (v === P.DONE)
					return o;
				try {
					k = cb(v, i++);
					if (typeof k !== 'symbol')
						k = String(k);
				} catch (err) {
					P.iterClose(it, true);
					throw err;
				}
				if (hasOwn.call(o, k))
					o[k].push(v);
				else
					o[k] = [v];
			}
		}
	}, { entries: 1, values: 1, fromEntries: 1,
	    getOwnPropertyDescriptors: 1, hasOwn: 2, groupBy: 2 });
	P.setName(Object.hasOwn, 'hasOwn');

	/* Symbol.prototype.description (Duktape 2.7 lacks it): thisSymbolValue,
	 * then the description __cm_native.symDesc reads from the symbol
	 * (Symbol() and Symbol('') print alike; only the bytes differ). */
	(function () {
		var symValueOf = Symbol.prototype.valueOf, symDesc = P.native.symDesc;
		var symToString = Symbol.prototype.toString;
		if ('description' in Symbol.prototype)
			return;
		function thisSymbol(x) {
			try {
				return P.callFn(symValueOf, x);
			} catch (e) {
				throw new TypeError('Symbol.prototype.description ' +
				    'requires that \'this\' be a Symbol');
			}
		}
		P.defGetter(Symbol.prototype, 'description', 'description', function () {
			var s = typeof this === 'symbol' ? this : thisSymbol(this);
			if (typeof symDesc === 'function')
				return symDesc(s);
			s = symToString.call(s);
			s = s.substring(7, s.length - 1);
			return s === '' ? undefined : s;
		});
	})();

	/* Symbol.unscopables and %Array.prototype%[@@unscopables] (Duktape 2.7
	 * lacks both): the names ES2015 and later added to Array.prototype. */
	if (Symbol.unscopables === undefined) {
		defProp(Symbol, 'unscopables',
		    { value: Symbol('Symbol.unscopables') });
		(function () {
			var u = create(null), names = ['at', 'copyWithin', 'entries',
			    'fill', 'find', 'findIndex', 'findLast', 'findLastIndex',
			    'flat', 'flatMap', 'includes', 'keys', 'toReversed',
			    'toSorted', 'toSpliced', 'values'], i;
			for (i = 0; i < names.length; i++)
				u[names[i]] = true;
			defProp(Array.prototype, Symbol.unscopables, { value: u,
			    configurable: true });
		})();
	}

	/*
	 * Object.prototype.toString: Duktape answers "[object Array]" for an
	 * array without reading its @@toStringTag; the spec reads it for
	 * every object. __cm_native.standIn(0) (engine/host/duk_builtins.inc)
	 * calls the native for everything else. Object.prototype.
	 * toLocaleString is Invoke(this, "toString"): a primitive `this`
	 * stays a primitive (Duktape boxed it).
	 */
	(function () {
		var OP = Object.prototype, standIn = P.native.standIn, f;

		function toLocaleString() {
			return this.toString();
		}
		if (typeof standIn === 'function' &&
		    (f = standIn(0)) !== undefined) {
			P.def(OP, 'toString', f);
		}
		P.def(OP, 'toLocaleString', toLocaleString);
	})();

	if (G.globalThis !== G)
		P.def(G, 'globalThis', G);

	/*
	 * Reflect.construct with a newTarget, which Duktape refuses. The
	 * object must have newTarget's prototype while the target runs: when
	 * the target's own `prototype` is a writable data property (every
	 * ordinary function) it stands in for the call and is put back after.
	 * The buffer group's constructors take newTarget from P.ntSlot and
	 * read its prototype before they allocate, as the spec orders it;
	 * other built-ins and classes get newTarget's prototype on the
	 * finished object. The target's own new.target stays the target
	 * itself. Symbol is a constructor (its [[Construct]] throws), so it is
	 * a valid newTarget.
	 */
	(function () {
		var construct = Reflect.construct, isCtor = P.native.isConstructor;
		var setProto = Object.setPrototypeOf;
		var gopd = Object.getOwnPropertyDescriptor, Sym = Symbol;

		function isConstructor(C) {
			return C === Sym || isCtor(C);
		}
		function reflectConstruct(target, args) {
			var newTarget = arguments.length > 2 ? arguments[2] : target, o,
			    proto, d, saved, slot;

			if (!isConstructor(target))
				throw new TypeError(describe(target) + ' is not a constructor');
			if (!isConstructor(newTarget))
				throw new TypeError(describe(newTarget) +
				    ' is not a constructor');
			if (!isObject(args))
				throw new TypeError('CreateListFromArrayLike called on ' +
				    'non-object');
			if (newTarget === target)
				return construct(target, args);
			d = gopd(target, 'prototype');
			if (d !== undefined && d.writable && !('get' in d)) {
				/* a non-object stands in too: Duktape then gives the
				 * object %Object.prototype%, as the spec's default for
				 * an ordinary constructor */
				saved = d.value;
				target.prototype = newTarget.prototype;
				try {
					return construct(target, args);
				} finally {
					target.prototype = saved;
				}
			}
			/* P.ntSlot: a constructor of the prelude's that reads
			 * new.target's prototype where the spec does (38_buffer.js)
			 * takes it at entry and marks it taken */
			slot = P.ntSlot = { target: target, nt: newTarget,
			    taken: false };
			try {
				o = construct(target, args);
			} finally {
				P.ntSlot = undefined;
			}
			if (!slot.taken) {
				proto = newTarget.prototype;
				if (isObject(proto))
					setProto(o, proto);
			}
			return o;
		}
		P.def(Reflect, 'construct', reflectConstruct);
		P.setName(reflectConstruct, 'construct');
	})();
})(this);

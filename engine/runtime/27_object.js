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

	function toObj(x, name) {
		if (x == null)
			throw new TypeError('Cannot convert undefined or null to object');
		return Object(x);
	}

	function enumOwn(o, kind) {
		var keys = Object.keys(o), r = [], i, k;
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
			var o = {}, it, r, e;
			if (iterable == null)
				throw new TypeError(describe(iterable) + ' is not iterable');
			it = P.getIterator(iterable);
			for (;;) {
				r = it.next();
				if (r.done)
					return o;
				e = r.value;
				try {
					if (!isObject(e))
						throw new TypeError('Iterator value ' +
						    describe(e) + ' is not an entry object');
					Object.defineProperty(o, e[0], { value: e[1],
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
			var o = Object.create(null), it, r, k, i = 0;
			if (typeof cb !== 'function')
				throw new TypeError(describe(cb) + ' is not a function');
			it = P.getIterator(items);
			for (;;) {
				r = it.next();
				if (r.done)
					return o;
				try {
					k = cb(r.value, i++);
					if (typeof k !== 'symbol')
						k = String(k);
				} catch (err) {
					P.iterClose(it, true);
					throw err;
				}
				if (hasOwn.call(o, k))
					o[k].push(r.value);
				else
					o[k] = [r.value];
			}
		}
	}, { entries: 1, values: 1, fromEntries: 1,
	    getOwnPropertyDescriptors: 1, hasOwn: 2, groupBy: 2 });
	P.setName(Object.hasOwn, 'hasOwn');

	/* Symbol.prototype.description (Duktape 2.7 lacks it).  Symbol() and
	 * Symbol('') both print as "Symbol()"; both report undefined here. */
	if (!('description' in Symbol.prototype))
		Object.defineProperty(Symbol.prototype, 'description', {
			get: function () {
				var s = Symbol.prototype.toString.call(this);
				s = s.substring(7, s.length - 1);
				return s === '' ? undefined : s;
			}, enumerable: false, configurable: true });

	if (G.globalThis !== G)
		P.def(G, 'globalThis', G);

	/*
	 * Reflect.construct with a newTarget, which Duktape refuses: construct
	 * with the target, then give the object newTarget's prototype. The
	 * target's own new.target stays the target itself; the buffer group's
	 * constructors take newTarget from P.ntSlot instead, so they read its
	 * prototype before they allocate, as the spec orders it.
	 */
	(function () {
		var construct = Reflect.construct, isCtor = P.native.isConstructor;
		var setProto = Object.setPrototypeOf;

		function reflectConstruct(target, args) {
			var newTarget = arguments.length > 2 ? arguments[2] : target, o,
			    proto, slot;

			if (!isCtor(target))
				throw new TypeError(describe(target) + ' is not a constructor');
			if (!isCtor(newTarget))
				throw new TypeError(describe(newTarget) +
				    ' is not a constructor');
			if (!isObject(args))
				throw new TypeError('CreateListFromArrayLike called on ' +
				    'non-object');
			if (newTarget === target)
				return construct(target, args);
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

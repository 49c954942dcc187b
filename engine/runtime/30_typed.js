/*
 * 30_typed.js: %TypedArray%.from/of and the %TypedArray%.prototype methods
 * Duktape 2.7 lacks (it only has set/subarray and the accessors).
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var TA = Object.getPrototypeOf(G.Uint8Array);
	var TAP = P.TAProto;
	var toInt = P.toInt, relIndex = P.relIndex, describe = P.describe;
	var AP = Array.prototype;

	function check(self) {
		if ((P.native.bufClass(self) & 7) !== 3)
			throw new TypeError('this is not a typed array.');
		return self;
	}
	function fnCheck(cb) {
		if (typeof cb !== 'function')
			throw new TypeError(describe(cb) + ' is not a function');
		return cb;
	}
	function create(like, n) {
		var C = like.constructor;
		if (typeof C !== 'function')
			throw new TypeError('object.constructor is not a constructor');
		return new C(n);
	}
	P.defs(TA, {
		from: function from(src, mapFn, thisArg) {
			var C = this, a, r, i;
			if (typeof C !== 'function')
				throw new TypeError(describe(C) + ' is not a constructor');
			a = Array.from(src, mapFn, thisArg);
			r = new C(a.length);
			for (i = 0; i < a.length; i++)
				r[i] = a[i];
			return r;
		},
		of: function of() {
			var C = this, r, i;
			if (typeof C !== 'function')
				throw new TypeError(describe(C) + ' is not a constructor');
			r = new C(arguments.length);
			for (i = 0; i < arguments.length; i++)
				r[i] = arguments[i];
			return r;
		}
	}, { from: 1, of: 0 });

	/*
	 * `length` is an accessor of %TypedArray%.prototype, not an own
	 * property of each typed array (cm_talen, engine/host/duk_buffer.inc):
	 * the getter is native, and Duktape's [[Get]] answers `ta.length` in
	 * place when its walk finds this getter. The methods below read
	 * TypedArrayLength (taLen), never `length`, so a guest's accessor on
	 * the instance or a prototype does not change what they see.
	 */
	var taLen = P.native.taLen, lenGetter = P.native.taLength;
	var taLenPlain = P.native.taLenPlain;
	/* a native function has neither own property yet: both are made
	 * configurable, as a built-in function's are */
	Object.defineProperty(lenGetter, 'length', { value: 0,
	    configurable: true });
	Object.defineProperty(lenGetter, 'name', { value: 'get length',
	    configurable: true });
	P.defGetter(TAP, 'length', 'length', lenGetter);
	P.taLen = taLen;
	function ta(self) {
		var k = P.native.bufClass(self);
		if ((k & 7) !== 3)
			throw new TypeError('this is not a typed array.');
		if (k & 8)
			throw new TypeError('Cannot perform %TypedArray%.prototype ' +
			    'method on a detached ArrayBuffer');
		return self;
	}
	function len(o) {
		var n = taLen(o);
		return n === undefined ? 0 : n;
	}
	function detachedCheck(o) {
		if (P.native.bufClass(o) & 8)
			throw new TypeError('Cannot perform %TypedArray%.prototype ' +
			    'method on a detached ArrayBuffer');
	}
	function findFrom(o, cb, thisArg, last, wantIndex) {
		var n = len(o), j, k, v;
		fnCheck(cb);
		for (j = 0; j < n; j++) {
			k = last ? n - 1 - j : j;
			v = o[k];
			if (P.callFn(cb, thisArg, v, k, o))
				return wantIndex ? k : v;
		}
		return wantIndex ? -1 : undefined;
	}
	function reduceFrom(o, cb, init, hasInit, right) {
		var n = len(o), j, k, acc;
		fnCheck(cb);
		if (!hasInit && n === 0)
			throw new TypeError('Reduce of empty array with no initial ' +
			    'value');
		j = 0;
		if (hasInit) {
			acc = init;
		} else {
			acc = o[right ? n - 1 : 0];
			j = 1;
		}
		for (; j < n; j++) {
			k = right ? n - 1 - j : j;
			acc = P.callFn(cb, undefined, acc, o[k], k, o);
		}
		return acc;
	}
	/* ToString: a Symbol is a TypeError (String(symbol) is not) */
	function toStr(x) {
		if (typeof x === 'symbol')
			throw new TypeError('Cannot convert a Symbol value to a ' +
			    'string');
		return String(x);
	}
	var methods = {
		join: function join(separator) {
			var o = ta(this), n, sep, parts = [], j, v;
			/* Duktape's join where `length` is ours: it reads the
			 * same length, in C (3x faster on 200k elements) */
			if (taLenPlain(o) !== undefined)
				return P.I.join(o, separator);
			n = len(o);
			sep = separator === undefined ? ',' : toStr(separator);
			for (j = 0; j < n; j++) {
				v = o[j];
				parts[j] = v === undefined ? '' : String(v);
			}
			return P.I.join(parts, sep);
		},
		toLocaleString: function toLocaleString() {
			var o = ta(this), n = len(o), parts = [], j, v,
			    locales = arguments[0], options = arguments[1];
			for (j = 0; j < n; j++) {
				v = o[j];
				/* ECMA-402: « locales, options » to each element */
				parts[j] = v === undefined || v === null ? '' :
				    String(P.callFn(Object(v).toLocaleString, v, locales,
				    options));
			}
			return P.I.join(parts, ',');
		},
		indexOf: function indexOf(search) {
			var o = ta(this), n = len(o), k;
			if (n === 0)
				return -1;
			k = toInt(arguments[1]);
			if (k === Infinity)
				return -1;
			if (k < 0)
				k = k + n < 0 ? 0 : k + n;
			for (; k < n; k++)
				if (o[k] === search && k < len(o))
					return k;
			return -1;
		},
		lastIndexOf: function lastIndexOf(search) {
			var o = ta(this), n = len(o), k;
			if (n === 0)
				return -1;
			k = arguments.length > 1 ? toInt(arguments[1]) : n - 1;
			if (k === -Infinity)
				return -1;
			k = k >= 0 ? (k < n - 1 ? k : n - 1) : k + n;
			for (; k >= 0; k--)
				if (o[k] === search && k < len(o))
					return k;
			return -1;
		},
		includes: function includes(search) {
			var o = ta(this), n = len(o), k, v;
			if (n === 0)
				return false;
			k = toInt(arguments[1]);
			if (k === Infinity)
				return false;
			if (k < 0)
				k = k + n < 0 ? 0 : k + n;
			for (; k < n; k++) {
				v = o[k];
				if (v === search || (v !== v && search !== search))
					return true;
			}
			return false;
		},
		every: function every(cb, thisArg) {
			var o = ta(this), n = len(o), j;
			fnCheck(cb);
			for (j = 0; j < n; j++)
				if (!P.callFn(cb, thisArg, o[j], j, o))
					return false;
			return true;
		},
		some: function some(cb, thisArg) {
			var o = ta(this), n = len(o), j;
			fnCheck(cb);
			for (j = 0; j < n; j++)
				if (P.callFn(cb, thisArg, o[j], j, o))
					return true;
			return false;
		},
		forEach: function forEach(cb, thisArg) {
			var o = ta(this), n = len(o), j;
			fnCheck(cb);
			for (j = 0; j < n; j++)
				P.callFn(cb, thisArg, o[j], j, o);
		},
		reduce: function reduce(cb) {
			return reduceFrom(ta(this), cb, arguments[1],
			    arguments.length > 1, false);
		},
		reduceRight: function reduceRight(cb) {
			return reduceFrom(ta(this), cb, arguments[1],
			    arguments.length > 1, true);
		},
		find: function find(cb, thisArg) {
			return findFrom(ta(this), cb, thisArg, false, false);
		},
		findIndex: function findIndex(cb, thisArg) {
			return findFrom(ta(this), cb, thisArg, false, true);
		},
		findLast: function findLast(cb, thisArg) {
			return findFrom(ta(this), cb, thisArg, true, false);
		},
		findLastIndex: function findLastIndex(cb, thisArg) {
			return findFrom(ta(this), cb, thisArg, true, true);
		},
		at: function at(index) {
			var o = ta(this), n = len(o), k = toInt(index);
			if (k < 0)
				k += n;
			return k >= 0 && k < n ? o[k] : undefined;
		},
		reverse: function reverse() {
			var o = ta(this), lo = 0, hi = len(o) - 1, t;
			for (; lo < hi; lo++, hi--) {
				t = o[lo];
				o[lo] = o[hi];
				o[hi] = t;
			}
			return o;
		},
		copyWithin: function copyWithin(target, start) {
			var o = ta(this), n = len(o), to, from, fin, count, j;
			var end = arguments[2];
			to = relIndex(target, n);
			from = relIndex(start, n);
			fin = end === undefined ? n : relIndex(end, n);
			count = fin - from < n - to ? fin - from : n - to;
			if (count <= 0)
				return o;
			detachedCheck(o);
			n = len(o);
			if (from < to && to < from + count) {
				for (j = count - 1; j >= 0; j--)
					if (from + j < n && to + j < n)
						o[to + j] = o[from + j];
			} else {
				for (j = 0; j < count; j++)
					if (from + j < n && to + j < n)
						o[to + j] = o[from + j];
			}
			return o;
		},
		/* ToNumber of the value once, before the indices */
		fill: function fill(value) {
			var o = ta(this), n = len(o), k, fin, end = arguments[2];
			value = +value;
			k = relIndex(arguments[1], n);
			fin = end === undefined ? n : relIndex(end, n);
			detachedCheck(o);
			n = len(o);
			if (fin > n)
				fin = n;
			for (; k < fin; k++)
				o[k] = value;
			return o;
		}
	};
	/* every name spelled out: a missing one would read the lengths
	 * table's Object.prototype (toLocaleString) */
	P.defs(TAP, methods, { join: 1, toLocaleString: 0, indexOf: 1,
	    lastIndexOf: 1,
	    includes: 1, every: 1, some: 1, forEach: 1, reduce: 1,
	    reduceRight: 1, find: 1, findIndex: 1, findLast: 1,
	    findLastIndex: 1, at: 1, copyWithin: 2, fill: 1 });

	P.defs(TAP, {
		toString: AP.toString,
		slice: function slice(start, end) {
			var o = check(this), len = taLen(o), k, fin, r, n, j;
			k = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			n = fin > k ? fin - k : 0;
			r = create(o, n);
			for (j = 0; j < n; j++)
				r[j] = o[k + j];
			return r;
		},
		map: function map(cb, thisArg) {
			var o = check(this), len = taLen(o), r, j;
			fnCheck(cb);
			r = create(o, len);
			for (j = 0; j < len; j++)
				r[j] = cb.call(thisArg, o[j], j, o);
			return r;
		},
		filter: function filter(cb, thisArg) {
			var o = check(this), len = taLen(o), kept = [], r, j, v;
			fnCheck(cb);
			for (j = 0; j < len; j++) {
				v = o[j];
				if (cb.call(thisArg, v, j, o))
					kept.push(v);
			}
			r = create(o, kept.length);
			for (j = 0; j < kept.length; j++)
				r[j] = kept[j];
			return r;
		},
		sort: function sort(cmp) {
			var o;
			if (cmp !== undefined && typeof cmp !== 'function')
				throw new TypeError('The comparison function must be either a function or undefined');
			o = check(this);
			return P.native.sort(o, len(o), cmp, 1);
		},
		toSorted: function toSorted(cmp) {
			var o = check(this), r = create(o, len(o));
			r.set(o);
			return r.sort(cmp);
		},
		toReversed: function toReversed() {
			var o = check(this), len = taLen(o), r = create(o, len), j;
			for (j = 0; j < len; j++)
				r[j] = o[len - 1 - j];
			return r;
		},
		'with': function (index, value) {
			var o = check(this), len = taLen(o), k = toInt(index), r;
			if (k < 0)
				k += len;
			if (k < 0 || k >= len)
				throw new RangeError('Invalid typed array index');
			r = create(o, len);
			r.set(o);
			r[k] = value;
			return r;
		}
	}, { slice: 2, map: 1, filter: 1, sort: 1, toSorted: 1, 'with': 2 });
	P.setName(TAP['with'], 'with');
	P.def(TAP, Symbol.iterator, TAP.values);

	var i;
	P.nativeTA = {};
	var names = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray',
	    'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
	    'Float32Array', 'Float64Array'];
	/* Duktape's constructors; 38_buffer.js wraps them for scripts. */
	for (i = 0; i < names.length; i++)
		P.nativeTA[names[i]] = G[names[i]];

	/*
	 * The constructors as they are now, for the prelude's own code: these
	 * globals become the triggers of the cold group `buffer` (38_buffer.js)
	 * at the end of the prelude (99_seal.js), and the prelude must neither
	 * load it nor see a script's replacement.
	 */
	P.TA = { ArrayBuffer: G.ArrayBuffer, DataView: G.DataView };
	for (i = 0; i < names.length; i++)
		P.TA[names[i]] = G[names[i]];
	P.TANames = names.concat('ArrayBuffer', 'DataView');
	/* an array whose iteration nobody changed can go to Duktape's
	 * constructor as it is (38_buffer.js) */
	P.arrayValues = AP[Symbol.iterator];
	P.arrayIterNext = P.ArrayIter.prototype.next;
	P.TypedArray = TA;
})(this);

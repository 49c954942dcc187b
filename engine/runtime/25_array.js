/*
 * 25_array.js: Array.from/of, the ES2015-ES2023 Array.prototype methods
 * Duktape lacks, a stable Array.prototype.sort, and @@species for the
 * methods that make a new array.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var toLength = P.toLength, toInt = P.toInt, relIndex = P.relIndex;
	var describe = P.describe, isObject = P.isObject;
	var AP = Array.prototype;

	var toObj = P.toObj;
	function fnCheck(cb) {
		if (typeof cb !== 'function')
			throw new TypeError(describe(cb) + ' is not a function');
		return cb;
	}
	/* Array.from/of on a `this` that is no constructor (an arrow, a
	 * method) make a plain array, as the spec's IsConstructor test says. */
	var isNativeCtor = P.native.isConstructor;
	function isCtor(C) {
		return C !== Array && isNativeCtor(C);
	}

	function from(items, mapFn, thisArg) {
		var C = this, A, useIter, it, next, i, len, v, o;
		if (mapFn !== undefined)
			fnCheck(mapFn);
		if (items == null)
			throw new TypeError(P.valueSite(items) +
			    ' is not iterable (cannot read property Symbol(Symbol.iterator))');
		useIter = items[Symbol.iterator];
		if (useIter != null) {
			if (typeof useIter !== 'function')
				throw new TypeError('%Array%.from requires that the property of the first argument, items[Symbol.iterator], when exists, be a function');
			A = isCtor(C) ? new C() : [];
			it = P.getIterator(items);
			next = it.next;
			for (i = 0; ; i++) {
				v = P.stepValue(it, next);
				if (v === P.DONE)
					break;
				if (mapFn !== undefined) {
					try {
						v = mapFn.call(thisArg, v, i);
					} catch (e) {
						P.iterClose(it, true);
						throw e;
					}
				}
				if (A instanceof Array)
					A[i] = v;
				else
					Object.defineProperty(A, i, { value: v,
					    writable: true, enumerable: true,
					    configurable: true });
			}
			A.length = i;
			return A;
		}
		o = Object(items);
		len = toLength(o.length);
		A = isCtor(C) ? new C(len) : new Array(len);
		for (i = 0; i < len; i++) {
			v = o[i];
			A[i] = mapFn === undefined ? v : mapFn.call(thisArg, v, i);
		}
		A.length = len;
		return A;
	}

	function of() {
		var C = this, n = arguments.length, A, i;
		A = isCtor(C) ? new C(n) : new Array(n);
		for (i = 0; i < n; i++)
			A[i] = arguments[i];
		A.length = n;
		return A;
	}
	P.defs(Array, { from: from, of: of }, { from: 1, of: 0 });

	function findImpl(self, cb, thisArg, fromEnd, wantIndex, name) {
		var o = toObj(self, name), len = toLength(o.length), i, v;
		fnCheck(cb);
		if (!fromEnd) {
			for (i = 0; i < len; i++) {
				v = o[i];
				if (cb.call(thisArg, v, i, o))
					return wantIndex ? i : v;
			}
		} else {
			for (i = len - 1; i >= 0; i--) {
				v = o[i];
				if (cb.call(thisArg, v, i, o))
					return wantIndex ? i : v;
			}
		}
		return wantIndex ? -1 : undefined;
	}

	function flatInto(target, src, depth) {
		var len = toLength(src.length), i, v;
		for (i = 0; i < len; i++) {
			if (!(i in src))
				continue;
			v = src[i];
			if (depth > 0 && Array.isArray(v))
				flatInto(target, v, depth - 1);
			else
				target.push(v);
		}
	}

	/* ---- stable sort ----
	 * __cm_native.sort (engine/host/arrsort.c): SortIndexedProperties, a
	 * stable merge sort calling the comparator, and the writes back, in C.
	 */
	var nsort = P.native.sort;

	function sort(cmp) {
		var o, len;
		if (cmp !== undefined && typeof cmp !== 'function')
			throw new TypeError('The comparison function must be either a function or undefined');
		o = toObj(this);
		len = toLength(o.length);
		return nsort(o, len, cmp, 0);
	}

	P.defs(AP, {
		sort: sort,
		find: function find(cb, thisArg) {
			return findImpl(this, cb, thisArg, false, false, 'Array.prototype.find');
		},
		findIndex: function findIndex(cb, thisArg) {
			return findImpl(this, cb, thisArg, false, true, 'Array.prototype.findIndex');
		},
		findLast: function findLast(cb, thisArg) {
			return findImpl(this, cb, thisArg, true, false, 'Array.prototype.findLast');
		},
		findLastIndex: function findLastIndex(cb, thisArg) {
			return findImpl(this, cb, thisArg, true, true, 'Array.prototype.findLastIndex');
		},
		includes: function includes(x, fromIndex) {
			var o = toObj(this);
			var len = toLength(o.length), i, v;
			if (len === 0)
				return false;
			i = relIndex(fromIndex, len);
			for (; i < len; i++) {
				v = o[i];
				if (v === x || (v !== v && x !== x))
					return true;
			}
			return false;
		},
		flat: function flat(depth) {
			var o = toObj(this), r = [];
			var d = depth === undefined ? 1 : toInt(depth);
			flatInto(r, o, d);
			return r;
		},
		flatMap: function flatMap(cb, thisArg) {
			var o = toObj(this);
			var len = toLength(o.length), r = [], i, v;
			if (typeof cb !== 'function')
				throw new TypeError('flatMap mapper function is not ' +
				    'callable');
			for (i = 0; i < len; i++) {
				if (!(i in o))
					continue;
				v = cb.call(thisArg, o[i], i, o);
				if (Array.isArray(v))
					flatInto(r, v, 0);
				else
					r.push(v);
			}
			return r;
		},
		fill: function fill(v, start, end) {
			var o = toObj(this);
			var len = toLength(o.length), k, fin;
			k = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			for (; k < fin; k++)
				o[k] = v;
			return o;
		},
		at: function at(index) {
			var o = toObj(this);
			var len = toLength(o.length), k = toInt(index);
			if (k < 0)
				k += len;
			if (k < 0 || k >= len)
				return undefined;
			return o[k];
		},
		copyWithin: function copyWithin(target, start, end) {
			var o = toObj(this);
			var len = toLength(o.length), to, from, fin, count, dir;
			to = relIndex(target, len);
			from = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			count = Math.min(fin - from, len - to);
			dir = 1;
			if (from < to && to < from + count) {
				dir = -1;
				from += count - 1;
				to += count - 1;
			}
			for (; count > 0; count--) {
				if (from in o)
					o[to] = o[from];
				else
					delete o[to];
				from += dir;
				to += dir;
			}
			return o;
		},
		toSorted: function toSorted(cmp) {
			var o, len;
			if (cmp !== undefined && typeof cmp !== 'function')
				throw new TypeError('The comparison function must be either a function or undefined');
			o = toObj(this);
			len = toLength(o.length);
			if (len > 4294967295)
				throw new RangeError('Invalid array length');
			return nsort(o, len, cmp, 2);
		},
		toReversed: function toReversed() {
			var o = toObj(this);
			var len = toLength(o.length), a = new Array(len), i;
			for (i = 0; i < len; i++)
				a[i] = o[len - 1 - i];
			return a;
		},
		toSpliced: function toSpliced(start, skipCount) {
			var o = toObj(this);
			var len = toLength(o.length), a = [], s, skip, i;
			s = relIndex(start, len);
			if (arguments.length === 0)
				skip = 0;
			else if (arguments.length === 1)
				skip = len - s;
			else
				skip = Math.min(Math.max(toInt(skipCount), 0), len - s);
			for (i = 0; i < s; i++)
				a.push(o[i]);
			for (i = 2; i < arguments.length; i++)
				a.push(arguments[i]);
			for (i = s + skip; i < len; i++)
				a.push(o[i]);
			return a;
		},
		'with': function (index, value) {
			var o = toObj(this);
			var len = toLength(o.length), k = toInt(index), a, i;
			if (k < 0)
				k += len;
			if (k < 0 || k >= len)
				throw new RangeError('Invalid index : ' + index);
			a = new Array(len);
			for (i = 0; i < len; i++)
				a[i] = i === k ? value : o[i];
			return a;
		}
	}, { sort: 1, find: 1, findIndex: 1, findLast: 1, findLastIndex: 1,
	    includes: 1, flat: 0, flatMap: 1, fill: 1, at: 1, copyWithin: 2,
	    toSorted: 1, toReversed: 0, toSpliced: 2, 'with': 2 });
	P.setName(AP['with'], 'with');

	/*
	 * Array.prototype.toLocaleString: Invoke(element, "toLocaleString",
	 * « locales, options ») (ECMA-402) calls the method with the element
	 * itself as `this`, a primitive staying a primitive (Duktape's boxed
	 * it first, which a strict toString override can see).
	 */
	function toLocaleString() {
		var o = toObj(this), locales = arguments[0], options = arguments[1];
		var len = toLength(o.length), r = '', i, v, f;
		for (i = 0; i < len; i++) {
			if (i > 0)
				r += ',';
			v = o[i];
			if (v == null)
				continue;
			f = v.toLocaleString;
			if (typeof f !== 'function')
				throw new TypeError(describe(f) + ' is not a function');
			v = f.call(v, locales, options);
			if (typeof v === 'symbol')
				throw new TypeError('Cannot convert a Symbol value to a string');
			r += String(v);
		}
		return r;
	}
	P.def(AP, 'toLocaleString', toLocaleString);

	/*
	 * Generic paths for a `this` that is not an Array: the spec's
	 * functions, in group `arraygen` (26_arraygen.js, cold: a script that
	 * only ever calls these on arrays never loads it). stub(name) loads
	 * the group on its first call and forwards to the group's function.
	 */
	var isArr = Array.isArray, dp = Object.defineProperty;
	var applyFn = P.I.apply, needGen = null;
	P.arrayGen = { dp: dp, fns: null };
	(P.sealHooks = P.sealHooks || []).push(function () {
		needGen = P.lazy('arraygen', [], [], true);
	});
	function stub(name) {
		/* a shorthand method: no `prototype` object to make */
		return {
			f() {
				if (P.arrayGen.fns === null)
					needGen();
				return applyFn(P.arrayGen.fns[name], this, arguments);
			}
		}.f;
	}

	/*
	 * Duktape's ES5 natives stay in place for an Array `this` (behind a
	 * C stand-in that costs one flag test: __cm_native.arrayGuard,
	 * engine/host/duk_array.inc); any other `this` gets group
	 * arraygen's function through stub(). push and unshift past a length
	 * of 2^32 - 1 go generic too.
	 */
	(function () {
		var guard = P.native.arrayGuard, names = ['push', 'pop', 'shift',
		    'unshift', 'reverse', 'indexOf', 'lastIndexOf', 'every',
		    'some', 'forEach', 'reduce', 'reduceRight'], i, f, w;
		if (typeof guard !== 'function')
			return;
		for (i = 0; i < names.length; i++) {
			f = AP[names[i]];
			w = guard(f, stub(names[i]));
			if (w === undefined)
				continue;
			P.def(AP, names[i], w);
		}
	})();

	/*
	 * ArraySpeciesCreate for the methods that make a new array: the method
	 * runs as it is (Duktape's or the one above), and when `this` is an
	 * array whose constructor's @@species is another constructor C, the
	 * result is copied into `new C(n)` (n as the spec passes it) with
	 * CreateDataPropertyOrThrow. C is looked up before the method runs.
	 * A `this` that is no array takes the generic path where there is one.
	 */
	(function () {
		var isC = P.native.isConstructor, sp = Symbol.species;
		function speciesOf(o) {
			var C = o.constructor;
			if (isObject(C)) {
				C = C[sp];
				if (C === null)
					C = undefined;
			}
			if (C === undefined)
				return Array;
			if (!isC(C))
				throw new TypeError('object.constructor[Symbol.' +
				    'species] is not a constructor');
			return C;
		}
		/* sized: new C(result length), else new C(0); map sets no length */
		function wrap(name, len, sized) {
			var f = AP[name];
			var g = name === 'map' || name === 'filter' || name === 'slice' ||
			    name === 'splice' ? stub(name) : f;
			var w = function () {
				var C, r, A, i, n;
				if (!isArr(this)) {
					/* V8 names concat on undefined/null; the native,
					 * no longer Array.prototype's own, cannot */
					if (this == null && name === 'concat')
						toObj(this, 'Array.prototype.concat');
					return g.apply(this, arguments);
				}
				C = speciesOf(this);
				r = f.apply(this, arguments);
				if (C === Array)
					return r;
				n = r.length;
				A = new C(sized ? n : 0);
				for (i = 0; i < n; i++)
					if (i in r)
						dp(A, i, { value: r[i], writable: true,
						    enumerable: true, configurable: true });
				if (name !== 'map')
					A.length = n;
				return A;
			};
			P.def(AP, name, w);
			P.setName(w, name);
			P.setLength(w, len);
		}
		wrap('map', 1, 1);
		wrap('filter', 1, 0);
		wrap('slice', 2, 1);
		wrap('splice', 2, 1);
		wrap('concat', 1, 0);
		wrap('flat', 0, 0);
		wrap('flatMap', 1, 0);
	})();
})(this);

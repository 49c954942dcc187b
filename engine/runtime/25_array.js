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

	function toObj(self, name) {
		if (self == null)
			throw new TypeError(name + ' called on null or undefined');
		return Object(self);
	}
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
		var C = this, A, useIter, it, r, i, len, v, o;
		if (mapFn !== undefined)
			fnCheck(mapFn);
		if (items == null)
			throw new TypeError(describe(items) + ' is not iterable');
		useIter = items[Symbol.iterator];
		if (useIter != null) {
			if (typeof useIter !== 'function')
				throw new TypeError(describe(items) + ' is not iterable');
			A = isCtor(C) ? new C() : [];
			it = P.getIterator(items);
			for (i = 0; ; i++) {
				r = it.next();
				if (!isObject(r))
					throw new TypeError('Iterator result ' + describe(r) +
					    ' is not an object');
				if (r.done)
					break;
				v = r.value;
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
		o = toObj(this, 'Array.prototype.sort');
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
			var o = toObj(this, 'Array.prototype.includes');
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
			var o = toObj(this, 'Array.prototype.flat'), r = [];
			var d = depth === undefined ? 1 : toInt(depth);
			flatInto(r, o, d);
			return r;
		},
		flatMap: function flatMap(cb, thisArg) {
			var o = toObj(this, 'Array.prototype.flatMap');
			var len = toLength(o.length), r = [], i, v;
			fnCheck(cb);
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
			var o = toObj(this, 'Array.prototype.fill');
			var len = toLength(o.length), k, fin;
			k = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			for (; k < fin; k++)
				o[k] = v;
			return o;
		},
		at: function at(index) {
			var o = toObj(this, 'Array.prototype.at');
			var len = toLength(o.length), k = toInt(index);
			if (k < 0)
				k += len;
			if (k < 0 || k >= len)
				return undefined;
			return o[k];
		},
		copyWithin: function copyWithin(target, start, end) {
			var o = toObj(this, 'Array.prototype.copyWithin');
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
			o = toObj(this, 'Array.prototype.toSorted');
			len = toLength(o.length);
			if (len > 4294967295)
				throw new RangeError('Invalid array length');
			return nsort(o, len, cmp, 2);
		},
		toReversed: function toReversed() {
			var o = toObj(this, 'Array.prototype.toReversed');
			var len = toLength(o.length), a = new Array(len), i;
			for (i = 0; i < len; i++)
				a[i] = o[len - 1 - i];
			return a;
		},
		toSpliced: function toSpliced(start, skipCount) {
			var o = toObj(this, 'Array.prototype.toSpliced');
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
			var o = toObj(this, 'Array.prototype.with');
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
	 * Array.prototype.toLocaleString: Invoke(element, "toLocaleString")
	 * calls the method with the element itself as `this`, a primitive
	 * staying a primitive (Duktape's boxed it first, which a strict
	 * toString override can see).
	 */
	function toLocaleString() {
		var o = toObj(this, 'Array.prototype.toLocaleString');
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
			v = f.call(v);
			if (typeof v === 'symbol')
				throw new TypeError('Cannot convert a Symbol value to a string');
			r += String(v);
		}
		return r;
	}
	P.def(AP, 'toLocaleString', toLocaleString);

	/*
	 * Generic paths for a `this` that is not an Array. Duktape's natives
	 * read `length` with ToUint32 (ES5); the spec reads it with ToLength,
	 * so an array-like's length of 2^32 or more, or Infinity, is a long
	 * length, not a wrap-around; and ArraySpeciesCreate on a non-array is
	 * ArrayCreate(n), which throws a RangeError past 2^32 - 1. A real
	 * Array never has such a length, so arrays keep the natives.
	 */
	var dp = Object.defineProperty, isArr = Array.isArray;
	var MAX_LEN = 9007199254740991;

	function arrayCreate(n) {
		if (n > 4294967295)
			throw new RangeError('Invalid array length');
		return new Array(n);
	}
	/* CreateDataPropertyOrThrow */
	function put(A, k, v) {
		dp(A, k, { value: v, writable: true, enumerable: true,
		    configurable: true });
	}
	function clampRel(v, len, dflt) {
		return v === undefined ? dflt : relIndex(v, len);
	}
	/* shorthand methods: no constructors, no `prototype` objects to make */
	var generic = {
		map(cb, thisArg) {
			var o = toObj(this, 'Array.prototype.map');
			var len = toLength(o.length), A, k;
			fnCheck(cb);
			A = arrayCreate(len);
			for (k = 0; k < len; k++)
				if (k in o)
					put(A, k, cb.call(thisArg, o[k], k, o));
			return A;
		},
		slice(start, end) {
			var o = toObj(this, 'Array.prototype.slice');
			var len = toLength(o.length), k, fin, A, n;
			k = relIndex(start, len);
			fin = clampRel(end, len, len);
			A = arrayCreate(Math.max(fin - k, 0));
			for (n = 0; k < fin; k++, n++)
				if (k in o)
					put(A, n, o[k]);
			A.length = n;
			return A;
		},
		splice(start, deleteCount) {
			var o = toObj(this, 'Array.prototype.splice');
			var len = toLength(o.length), s, ic, dc, A, k, from, to;
			var argc = arguments.length;
			s = relIndex(start, len);
			ic = argc > 2 ? argc - 2 : 0;
			if (argc === 0)
				dc = 0;
			else if (argc === 1)
				dc = len - s;
			else
				dc = Math.min(Math.max(toInt(deleteCount), 0), len - s);
			if (len + ic - dc > MAX_LEN)
				throw new TypeError('Invalid array length');
			A = arrayCreate(dc);
			for (k = 0; k < dc; k++) {
				from = s + k;
				if (from in o)
					put(A, k, o[from]);
			}
			A.length = dc;
			if (ic < dc) {
				for (k = s; k < len - dc; k++) {
					from = k + dc;
					to = k + ic;
					if (from in o)
						o[to] = o[from];
					else
						delete o[to];
				}
				for (k = len; k > len - dc + ic; k--)
					delete o[k - 1];
			} else if (ic > dc) {
				for (k = len - dc; k > s; k--) {
					from = k + dc - 1;
					to = k + ic - 1;
					if (from in o)
						o[to] = o[from];
					else
						delete o[to];
				}
			}
			for (k = 0; k < ic; k++)
				o[s + k] = arguments[k + 2];
			o.length = len - dc + ic;
			return A;
		},
		filter(cb, thisArg) {
			var o = toObj(this, 'Array.prototype.filter');
			var len = toLength(o.length), A, k, to = 0, v;
			fnCheck(cb);
			A = arrayCreate(0);
			for (k = 0; k < len; k++) {
				if (!(k in o))
					continue;
				v = o[k];
				if (cb.call(thisArg, v, k, o))
					put(A, to++, v);
			}
			return A;
		},
		indexOf(x, fromIndex) {
			var o = toObj(this, 'Array.prototype.indexOf');
			var len = toLength(o.length), k;
			if (len === 0)
				return -1;
			for (k = relIndex(fromIndex, len); k < len; k++)
				if (k in o && o[k] === x)
					return k;
			return -1;
		},
		lastIndexOf(x, fromIndex) {
			var o = toObj(this, 'Array.prototype.lastIndexOf');
			var len = toLength(o.length), k;
			if (len === 0)
				return -1;
			k = arguments.length > 1 ? toInt(fromIndex) : len - 1;
			k = k >= 0 ? Math.min(k, len - 1) : len + k;
			for (; k >= 0; k--)
				if (k in o && o[k] === x)
					return k;
			return -1;
		},
		every(cb, thisArg) {
			return iterate(this, cb, thisArg, 0, 'every');
		},
		some(cb, thisArg) {
			return iterate(this, cb, thisArg, 1, 'some');
		},
		forEach(cb, thisArg) {
			iterate(this, cb, thisArg, 2, 'forEach');
		},
		reduce(cb, init) {
			return reduce(this, cb, init, arguments.length > 1, false);
		},
		reduceRight(cb, init) {
			return reduce(this, cb, init, arguments.length > 1, true);
		},
		push() {
			var o = toObj(this, 'Array.prototype.push');
			var len = toLength(o.length), n = arguments.length, i;
			if (len + n > MAX_LEN)
				throw new TypeError('Pushing ' + n +
				    ' elements on an array-like of length ' + len +
				    ' is disallowed');
			for (i = 0; i < n; i++)
				o[len + i] = arguments[i];
			o.length = len + n;
			return len + n;
		},
		pop() {
			var o = toObj(this, 'Array.prototype.pop');
			var len = toLength(o.length), e;
			if (len === 0) {
				o.length = 0;
				return undefined;
			}
			e = o[len - 1];
			delete o[len - 1];
			o.length = len - 1;
			return e;
		},
		shift() {
			var o = toObj(this, 'Array.prototype.shift');
			var len = toLength(o.length), first, k;
			if (len === 0) {
				o.length = 0;
				return undefined;
			}
			first = o[0];
			for (k = 1; k < len; k++) {
				if (k in o)
					o[k - 1] = o[k];
				else
					delete o[k - 1];
			}
			delete o[len - 1];
			o.length = len - 1;
			return first;
		},
		unshift() {
			var o = toObj(this, 'Array.prototype.unshift');
			var len = toLength(o.length), n = arguments.length, k;
			if (n > 0) {
				if (len + n > MAX_LEN)
					throw new TypeError('Invalid array length');
				for (k = len; k > 0; k--) {
					if (k - 1 in o)
						o[k + n - 1] = o[k - 1];
					else
						delete o[k + n - 1];
				}
				for (k = 0; k < n; k++)
					o[k] = arguments[k];
			}
			o.length = len + n;
			return len + n;
		},
		reverse() {
			var o = toObj(this, 'Array.prototype.reverse');
			var len = toLength(o.length), mid = Math.floor(len / 2);
			var lo, up, hasLo, hasUp, vLo, vUp;
			for (lo = 0; lo < mid; lo++) {
				up = len - lo - 1;
				hasLo = lo in o;
				if (hasLo)
					vLo = o[lo];
				hasUp = up in o;
				if (hasUp)
					vUp = o[up];
				if (hasUp)
					o[lo] = vUp;
				else if (hasLo)
					delete o[lo];
				if (hasLo)
					o[up] = vLo;
				else if (hasUp)
					delete o[up];
			}
			return o;
		}
	};
	/* every (0), some (1), forEach (2) */
	function iterate(self, cb, thisArg, kind, name) {
		var o = toObj(self, 'Array.prototype.' + name);
		var len = toLength(o.length), k, r;
		fnCheck(cb);
		for (k = 0; k < len; k++) {
			if (!(k in o))
				continue;
			r = cb.call(thisArg, o[k], k, o);
			if (kind === 0 && !r)
				return false;
			if (kind === 1 && r)
				return true;
		}
		return kind === 0 ? true : kind === 1 ? false : undefined;
	}
	function reduce(self, cb, acc, hasInit, right) {
		var o = toObj(self, right ? 'Array.prototype.reduceRight' :
		    'Array.prototype.reduce');
		var len = toLength(o.length), k = right ? len - 1 : 0;
		var step = right ? -1 : 1;
		fnCheck(cb);
		if (!hasInit) {
			for (; right ? k >= 0 : k < len; k += step)
				if (k in o)
					break;
			if (right ? k < 0 : k >= len)
				throw new TypeError('Reduce of empty array with no ' +
				    'initial value');
			acc = o[k];
			k += step;
		}
		for (; right ? k >= 0 : k < len; k += step)
			if (k in o)
				acc = cb(acc, o[k], k, o);
		return acc;
	}

	/*
	 * Duktape's ES5 natives stay in place for an Array `this` (behind a
	 * C stand-in that costs one flag test: __cm_native.arrayGuard,
	 * engine/host/duk_array.inc); any other `this` gets the function
	 * above. push and unshift past a length of 2^32 - 1 go generic too.
	 */
	(function () {
		var guard = P.native.arrayGuard, names = ['push', 'pop', 'shift',
		    'unshift', 'reverse', 'indexOf', 'lastIndexOf', 'every',
		    'some', 'forEach', 'reduce', 'reduceRight'], i, f, w;
		if (typeof guard !== 'function')
			return;
		for (i = 0; i < names.length; i++) {
			f = AP[names[i]];
			w = guard(f, generic[names[i]]);
			if (w === undefined)
				continue;
			P.def(AP, names[i], w);
			P.setLength(w, f.length);
			P.setName(w, names[i]);
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
				throw new TypeError(describe(C) + ' is not a constructor');
			return C;
		}
		/* sized: new C(result length), else new C(0); map sets no length */
		function wrap(name, len, sized) {
			var f = AP[name], g = generic[name] || f;
			var w = function () {
				var C, r, A, i, n;
				if (!isArr(this))
					return g.apply(this, arguments);
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

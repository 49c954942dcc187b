/*
 * 33_arraygen.js (lazy group `arraygen`, cold): the spec's Array.prototype
 * methods for a `this` that is not an Array. Duktape's natives read
 * `length` with ToUint32 (ES5), so on an array-like whose length is 2^32
 * or more, or Infinity, they work on a wrapped-around length; the spec
 * reads it with ToLength, and ArraySpeciesCreate on a non-array is
 * ArrayCreate(n), which throws a RangeError past 2^32 - 1. An Array never
 * has such a length, so arrays keep the natives (25_array.js installs
 * the stubs that load this group: behind __cm_native.arrayGuard's C
 * stand-ins, engine/host/duk_array.inc, and in the @@species wrappers).
 * Loaded after guest code may have run: it takes what it needs from P.
 */
this.__cm.P.group('arraygen', function (G, P) {
	'use strict';
	var toLength = P.toLength, toInt = P.toInt, relIndex = P.relIndex;
	var describe = P.describe, I = P.I;
	var dp = P.arrayGen.dp, min = I.min, max = I.max, floor = I.floor;
	var ArrayC = I.Array;

	var toObj = P.toObj;
	function fnCheck(cb) {
		if (typeof cb !== 'function')
			throw new TypeError(describe(cb) + ' is not a function');
		return cb;
	}

	var MAX_LEN = 9007199254740991;

	function arrayCreate(n) {
		if (n > 4294967295)
			throw new RangeError('Invalid array length');
		return new ArrayC(n);
	}
	/* CreateDataPropertyOrThrow */
	function put(A, k, v) {
		dp(A, k, { value: v, writable: true, enumerable: true,
		    configurable: true });
	}
	function clampRel(v, len, dflt) {
		return v === undefined ? dflt : relIndex(v, len);
	}
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
			var o = toObj(this);
			var len = toLength(o.length), k, fin, A, n;
			k = relIndex(start, len);
			fin = clampRel(end, len, len);
			A = arrayCreate(max(fin - k, 0));
			for (n = 0; k < fin; k++, n++)
				if (k in o)
					put(A, n, o[k]);
			A.length = n;
			return A;
		},
		splice(start, deleteCount) {
			var o = toObj(this);
			var len = toLength(o.length), s, ic, dc, A, k, from, to;
			var argc = arguments.length;
			s = relIndex(start, len);
			ic = argc > 2 ? argc - 2 : 0;
			if (argc === 0)
				dc = 0;
			else if (argc === 1)
				dc = len - s;
			else
				dc = min(max(toInt(deleteCount), 0), len - s);
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
			var o = toObj(this);
			var len = toLength(o.length), k;
			if (len === 0)
				return -1;
			k = arguments.length > 1 ? toInt(fromIndex) : len - 1;
			k = k >= 0 ? min(k, len - 1) : len + k;
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
			var o = toObj(this);
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
			var o = toObj(this);
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
			var o = toObj(this);
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
			var o = toObj(this);
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
			var o = toObj(this);
			var len = toLength(o.length), mid = floor(len / 2);
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
	P.arrayGen.fns = generic;
});

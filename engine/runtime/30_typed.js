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

	/* Generic Array methods that work on typed arrays unchanged. */
	var generic = ['join', 'indexOf', 'lastIndexOf', 'includes', 'every',
	    'some', 'forEach', 'reduce', 'reduceRight', 'find', 'findIndex',
	    'findLast', 'findLastIndex', 'at', 'reverse', 'copyWithin',
	    'fill', 'keys', 'values', 'entries', 'toLocaleString'];
	var i;
	for (i = 0; i < generic.length; i++)
		(function (name) {
			var f = AP[name];
			var w = function () {
				return f.apply(check(this), arguments);
			};
			P.setName(w, name);
			P.setLength(w, f.length);
			if (!TAP.hasOwnProperty(name))
				P.def(TAP, name, w);
		})(generic[i]);

	P.defs(TAP, {
		toString: AP.toString,
		slice: function slice(start, end) {
			var o = check(this), len = o.length, k, fin, r, n, j;
			k = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			n = fin > k ? fin - k : 0;
			r = create(o, n);
			for (j = 0; j < n; j++)
				r[j] = o[k + j];
			return r;
		},
		map: function map(cb, thisArg) {
			var o = check(this), len = o.length, r, j;
			fnCheck(cb);
			r = create(o, len);
			for (j = 0; j < len; j++)
				r[j] = cb.call(thisArg, o[j], j, o);
			return r;
		},
		filter: function filter(cb, thisArg) {
			var o = check(this), len = o.length, kept = [], r, j, v;
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
			return P.native.sort(o, o.length, cmp, 1);
		},
		toSorted: function toSorted(cmp) {
			var o = check(this), r = create(o, o.length);
			r.set(o);
			return r.sort(cmp);
		},
		toReversed: function toReversed() {
			var o = check(this), len = o.length, r = create(o, len), j;
			for (j = 0; j < len; j++)
				r[j] = o[len - 1 - j];
			return r;
		},
		'with': function (index, value) {
			var o = check(this), len = o.length, k = toInt(index), r;
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

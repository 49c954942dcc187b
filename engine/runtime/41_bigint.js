/*
 * 41_bigint.js (lazy group `bigint`): BigInt over engine/host/bigint.c.
 * Duktape has no BigInt type, so a BigInt here is a frozen object of
 * BigInt.prototype holding its value's canonical hex text under a hidden
 * key (P.bigKey), one object per value: `===`, Map and Set keys and
 * switch compare by identity and see equal values as the same.  Code the
 * lowering saw mention a BigInt (LOWERING.md, "BigInt") reaches the
 * operators through __cm.bop and friends (50_lower.js), which land here;
 * `typeof` says "bigint" there.  ToPrimitive of a BigInt is its decimal
 * text (valueOf gives the object back, so toString answers), which makes
 * String(), templates, `+` with a string and property keys right anywhere.
 */
this.__cm.P.group('bigint', function (G, P) {
	'use strict';
	var N = P.native;
	var nOp = N.bigOp, nFrom = N.bigFrom, nFromNumber = N.bigFromNumber;
	var nToString = N.bigToString, toInt = P.toInt;
	var nAsN = N.bigAsN;
	var V = P.bigKey;
	var isBig = P.isBigInt;
	P.bigIntsExist();
	var isObject = P.isObject;
	var defineProperty = Object.defineProperty, freeze = P.nativeFreeze;
	var toPrim = Symbol.toPrimitive;
	/* canonical hex -> its BigInt; literal text -> its BigInt */
	var values = Object.create(null), literals = Object.create(null);
	var proto;

	/* bigint.c's operations (bigint.h); the lowering's codes for the
	 * operators without one follow them. */
	var ADD = 0, SUB = 1, DIV = 3, MOD = 4, POW = 5, CMP = 11, USHR = 12,
	    LT = 13, GT = 14, LE = 15, GE = 16, EQ = 17, NE = 18;

	/* The shape of every BigInt, made in one step (make). */
	function Value(h) {
		defineProperty(this, V, { value: h });
	}

	function make(h) {
		var b;
		if (h === null)
			throw new RangeError('Maximum BigInt size exceeded');
		b = values[h];
		if (b === undefined)
			values[h] = b = freeze(new Value(h));
		return b;
	}
	/* Texts of 13 hex digits or fewer are below 2^52: numbers hold them
	 * exactly, and their sums and differences too. */
	function small(h) {
		return h.length <= 13;
	}
	function decimal(h) {
		return small(h) ? String(parseInt(h, 16)) : nToString(h, 10);
	}
	function fromNumber(n) {
		return make(n >= -4503599627370496 && n <= 4503599627370496 ?
		    n.toString(16) : nFromNumber(n));
	}
	function op(k, a, b) {
		var x = a[V], y = b[V];
		if (k <= SUB && small(x) && small(y))
			return fromNumber(k === ADD ? parseInt(x, 16) +
			    parseInt(y, 16) : parseInt(x, 16) - parseInt(y, 16));
		if ((k === DIV || k === MOD) && y === '0')
			throw new RangeError('Division by zero');
		if (k === POW && y.charAt(0) === '-')
			throw new RangeError('undefined must be positive');
		return make(nOp(k, x, y));
	}
	function cmp(a, b) {
		var x = a[V], y = b[V];
		if (small(x) && small(y)) {
			x = parseInt(x, 16);
			y = parseInt(y, 16);
			return x < y ? -1 : x > y ? 1 : 0;
		}
		return nOp(CMP, x, y);
	}

	/* StringToBigInt: undefined when s is no integer's text. */
	function parse(s) {
		var t = s.trim(), radix = 10;
		if (t === '')
			return make('0');
		if (/^0[xX][0-9a-fA-F]+$/.test(t))
			radix = 16;
		else if (/^0[oO][0-7]+$/.test(t))
			radix = 8;
		else if (/^0[bB][01]+$/.test(t))
			radix = 2;
		else if (!/^[+-]?[0-9]+$/.test(t))
			return undefined;
		if (radix !== 10)
			t = t.slice(2);
		else if (t.charAt(0) === '+')
			t = t.slice(1);
		return make(nFrom(t.toLowerCase(), radix));
	}

	/* ToPrimitive, with a BigInt as the primitive it stands for. */
	function prim(x, hint) {
		var f, names, i, r;
		if (!isObject(x) || isBig(x))
			return x;
		f = x[toPrim];
		if (f !== undefined && f !== null) {
			if (typeof f !== 'function')
				throw new TypeError('Symbol.toPrimitive is not a function');
			r = f.call(x, hint);
			if (isObject(r) && !isBig(r))
				throw new TypeError('Cannot convert object to primitive value');
			return r;
		}
		names = hint === 'string' ? ['toString', 'valueOf'] :
		    ['valueOf', 'toString'];
		for (i = 0; i < 2; i++) {
			f = x[names[i]];
			if (typeof f === 'function') {
				r = f.call(x);
				if (!isObject(r) || isBig(r))
					return r;
			}
		}
		throw new TypeError('Cannot convert object to primitive value');
	}
	function text(v) {
		return isBig(v) ? decimal(v[V]) : '' + v;
	}
	function mixed() {
		return new TypeError('Cannot mix BigInt and other types, use ' +
		    'explicit conversions');
	}

	/* ToBigInt of a primitive. */
	function toBigInt(p) {
		var b;
		if (isBig(p))
			return p;
		switch (typeof p) {
		case 'boolean':
			return make(p ? '1' : '0');
		case 'string':
			if ((b = parse(p)) === undefined)
				throw new SyntaxError('Cannot convert ' + p +
				    ' to a BigInt');
			return b;
		case 'symbol':
			throw new TypeError('Cannot convert ' + String(p) +
			    ' to a BigInt');
		default:
			throw new TypeError('Cannot convert ' + p + ' to a BigInt');
		}
	}

	/* -1, 0, 1, or undefined (NaN, a string no integer) for big a
	 * against a primitive b. */
	function compareMixed(a, b) {
		var f;
		if (isBig(b))
			return cmp(a, b);
		if (typeof b === 'string') {
			b = parse(b);
			return b === undefined ? undefined : cmp(a, b);
		}
		b = +b;
		if (b !== b)
			return undefined;
		if (b === Infinity || b === -Infinity)
			return b > 0 ? -1 : 1;
		f = Math.floor(b);
		f = cmp(a, fromNumber(f)) || (f === b ? 0 : -1);
		return f;
	}

	/* IsLooselyEqual with a BigInt x and a y that is none. */
	function looseBig(x, y) {
		if (y === null || y === undefined)
			return false;
		switch (typeof y) {
		case 'number':
			return compareMixed(x, y) === 0;
		case 'string':
			return parse(y) === x;
		case 'boolean':
			return x === make(y ? '1' : '0');
		case 'symbol':
			return false;
		default:
			return loose(x, prim(y, 'default'));
		}
	}
	function loose(a, b) {
		var ba = isBig(a), bb = isBig(b);
		if (!ba && !bb)
			return a == b;
		if (ba && bb)
			return a === b;
		return ba ? looseBig(a, b) : looseBig(b, a);
	}

	/* The operators on primitives neither of which is a BigInt. */
	function plain(k, x, y) {
		switch (k) {
		case 0: return x + y;
		case 1: return x - y;
		case 2: return x * y;
		case 3: return x / y;
		case 4: return x % y;
		case 5: return Math.pow(x, y);
		case 6: return x & y;
		case 7: return x | y;
		case 8: return x ^ y;
		case 9: return x << y;
		case 10: return x >> y;
		case 12: return x >>> y;
		case 13: return x < y;
		case 14: return x > y;
		case 15: return x <= y;
		default: return x >= y;
		}
	}

	/* __cm.bop(k, a, b): a binary operator of code k (above) when an
	 * operand is an object. */
	function binary(k, a, b) {
		var x, y, c, bx, by;
		/* Two BigInts, the usual case: no conversion to make. */
		if (isBig(a) && isBig(b)) {
			if (k < USHR)
				return op(k, a, b);
			if (k >= EQ)
				return (a === b) === (k === EQ);
			if (k > USHR) {
				c = cmp(a, b);
				return k === LT ? c < 0 : k === GT ? c > 0 :
				    k === LE ? c <= 0 : c >= 0;
			}
		}
		if (k >= EQ)
			return loose(a, b) === (k === EQ);
		if (k === ADD) {
			x = prim(a, 'default');
			y = prim(b, 'default');
			if (typeof x === 'string' || typeof y === 'string')
				return text(x) + text(y);
		} else {
			x = prim(a, 'number');
			y = prim(b, 'number');
		}
		bx = isBig(x);
		by = isBig(y);
		if (!bx && !by)
			return plain(k, x, y);
		if (k >= LT) {
			c = bx ? compareMixed(x, y) : compareMixed(y, x);
			if (c === undefined)
				return false;
			if (!bx)
				c = -c;
			return k === LT ? c < 0 : k === GT ? c > 0 :
			    k === LE ? c <= 0 : c >= 0;
		}
		if (bx !== by)
			throw mixed();
		if (k === USHR)
			throw new TypeError('BigInts have no unsigned right ' +
			    'shift, use >> instead');
		return op(k, x, y);
	}
	/* ToNumeric, for ++ and --. */
	function numeric(a) {
		var x = prim(a, 'number');
		return isBig(x) ? x : +x;
	}
	P.bigImpl = {
		lit: function (t) {
			var b = literals[t];
			if (b === undefined)
				b = literals[t] = parse(t);
			return b;
		},
		op: binary,
		neg: function (a) {
			var x = prim(a, 'number');
			return isBig(x) ? op(SUB, make('0'), x) : -x;
		},
		not: function (a) {
			var x = prim(a, 'number');
			return isBig(x) ? op(SUB, op(SUB, make('0'), x),
			    make('1')) : ~x;
		},
		pos: function (a) {
			return number(prim(a, 'number'));
		},
		num: numeric,
		inc: function (t, d) {
			return isBig(t) ? op(ADD, t, make(d > 0 ? '1' : '-1')) :
			    t + d;
		}
	};

	function thisBig(v, name) {
		if (!isBig(v))
			throw new TypeError('BigInt.prototype.' + name +
			    " requires that 'this' be a BigInt");
		return v;
	}
	/* ToNumber of a primitive, which a BigInt refuses. */
	function number(p) {
		if (isBig(p))
			throw new TypeError('Cannot convert a BigInt value to a ' +
			    'number');
		return +p;
	}
	/* ToIndex, as BigInt.asIntN and asUintN need it. */
	function toIndex(v) {
		var n = toInt(number(prim(v, 'number')));
		if (n < 0 || n > 9007199254740991)
			throw new RangeError('Invalid value: not (convertible ' +
			    'to) a safe integer');
		return n;
	}

	function BigInt(value) {
		var p;
		if (this instanceof BigInt)
			throw new TypeError('BigInt is not a constructor');
		p = prim(value, 'number');
		if (typeof p === 'number') {
			if (p !== p || p === Infinity || p === -Infinity ||
			    Math.floor(p) !== p)
				throw new RangeError('The number ' + p + ' cannot' +
				    ' be converted to a BigInt because it is' +
				    ' not an integer');
			return fromNumber(p);
		}
		return toBigInt(p);
	}
	proto = Value.prototype = BigInt.prototype;
	/* BigInt.asIntN and asUintN: bits first, as the spec orders. */
	function asN(bits, bigint, signed) {
		var n = toIndex(bits);
		return make(nAsN(toBigInt(prim(bigint, 'number'))[V], n, signed));
	}
	P.defs(BigInt, {
		asIntN(bits, bigint) {
			return asN(bits, bigint, true);
		},
		asUintN(bits, bigint) {
			return asN(bits, bigint, false);
		}
	});
	P.defs(proto, {
		toString(radix) {
			var h = thisBig(this, 'toString')[V], r = 10;
			if (radix !== undefined) {
				r = toInt(number(prim(radix, 'number')));
				if (r < 2 || r > 36)
					throw new RangeError('toString() radix ' +
					    'argument must be between 2 and 36');
			}
			return r === 16 ? h : r === 10 ? decimal(h) :
			    nToString(h, r);
		},
		toLocaleString() {
			var s = decimal(thisBig(this, 'toLocaleString')[V]),
			    locales = arguments[0], options = arguments[1];
			/* en-US's grouping; a locale's through 32_locale.js */
			if (locales === undefined && options === undefined)
				return s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
			P.need.locale();
			return P.formatBigIntLocale(s, locales, options);
		},
		valueOf() {
			return thisBig(this, 'valueOf');
		}
	});
	/*
	 * JSON.stringify (Duktape's) asks an object for toJSON, and a BigInt
	 * here is one: it finds this, and throws as a serialized BigInt
	 * must; one a script defines replaces it.
	 */
	P.def(proto, 'toJSON', function toJSON() {
		throw new TypeError('Do not know how to serialize a BigInt');
	});
	P.setLength(proto.toString, 0);
	defineProperty(proto, Symbol.toStringTag,
	    { value: 'BigInt', configurable: true });
	P.ctorShape(BigInt, 1);
	/* 0n is falsy to every ToBoolean of the engine (duk_bigint.inc);
	 * made once its prototype is whole */
	N.bigZero(make('0'));
	P.bigDecimal = function (b) {
		return decimal(b[V]);
	};
	P.defGlobal('BigInt', BigInt);
});

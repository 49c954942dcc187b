/*
 * 00_core.js: the private helper object __cm and the captured engine surface.
 * Everything later prelude files need from Duktape is captured here, before
 * 99_seal.js removes it from the global object.  ES5.1 only.
 */
(function (G) {
	'use strict';
	var N = G.__cm_native;
	var D = G.Duktape;
	var T = D && D.Thread;
	var cm = {};
	var hidden;

	if (typeof N !== 'object' || N === null)
		throw new Error('__cm_native missing');

	/*
	 * Private keys.  Duktape hidden symbols (keys starting with byte 0xFF)
	 * never show up in any enumeration, Object.assign or JSON, and user code
	 * cannot forge them.  ES code cannot create them in our Duktape build
	 * (no String.fromBufferRaw), so the host may offer
	 * __cm_native.hiddenKey(name); failing both, private keys are ordinary
	 * symbols that the wrappers below filter out of getOwnPropertySymbols,
	 * Reflect.ownKeys and Object.assign.
	 */
	/*
	 * Object.assign as the spec has it: Duktape's own copies no symbol-keyed
	 * properties. `skip` leaves out the prelude's private keys.
	 */
	function installAssign(G, skip) {
		var ownKeys = G.Reflect.ownKeys;
		var isEnum = Object.prototype.propertyIsEnumerable;
		var f = function assign(target) {
			var to, i, src, keys, j, k;
			if (target == null)
				throw new TypeError('Cannot convert undefined or null to object');
			to = Object(target);
			for (i = 1; i < arguments.length; i++) {
				src = arguments[i];
				if (src == null)
					continue;
				src = Object(src);
				keys = ownKeys(src);
				for (j = 0; j < keys.length; j++) {
					k = keys[j];
					if (skip(k))
						continue;
					if (isEnum.call(src, k))
						to[k] = src[k];
				}
			}
			return to;
		};
		Object.defineProperty(Object, 'assign', { value: f, writable: true,
		    enumerable: false, configurable: true });
		Object.defineProperty(f, 'length', { value: 2 });
	}

	if (typeof N.hiddenKey === 'function') {
		installAssign(G, function () {
			return false;
		});
		hidden = (function (hk) {
			return function (name) {
				return hk(name);
			};
		})(N.hiddenKey);
	} else if (typeof String.fromBufferRaw === 'function' && D &&
	    typeof D.dec === 'function') {
		hidden = (function (fromBufferRaw, dec) {
			return function (name) {
				var hex = 'ff', i;
				for (i = 0; i < name.length; i++)
					hex += ('0' + (name.charCodeAt(i) & 0x7f).toString(16)).slice(-2);
				return fromBufferRaw(dec('hex', hex));
			};
		})(String.fromBufferRaw, D.dec);
	} else {
		hidden = installSymbolFilter(G);
	}

	function installSymbolFilter(G) {
		var priv = Object.create(null);
		var gops = Object.getOwnPropertySymbols;
		var ownKeys = G.Reflect.ownKeys;
		function filter(list) {
			var r = [], i;
			for (i = 0; i < list.length; i++)
				if (typeof list[i] !== 'symbol' || priv[list[i]] !== true)
					r.push(list[i]);
			return r;
		}
		function defn(o, k, f, len) {
			Object.defineProperty(o, k, { value: f, writable: true,
			    enumerable: false, configurable: true });
			Object.defineProperty(f, 'length', { value: len });
		}
		defn(Object, 'getOwnPropertySymbols',
		    function getOwnPropertySymbols(o) {
			return filter(gops(o));
		}, 1);
		defn(G.Reflect, 'ownKeys', function ownKeys_(o) {
			return filter(ownKeys(o));
		}, 1);
		installAssign(G, function (k) {
			return typeof k === 'symbol' && priv[k] === true;
		});
		return function (name) {
			var s = Symbol(name);
			priv[s] = true;
			return s;
		};
	}

	Object.defineProperty(G, '__cm', { value: cm, writable: false,
	    enumerable: false, configurable: false });

	/*
	 * cm.P: the prelude's private namespace.  Prelude files share internals
	 * through it; 99_seal.js deletes it before any user code runs, so the
	 * coroutine primitives and promise internals stay out of reach.
	 */
	var P = {};
	cm.P = P;
	P.native = N;
	P.global = G;
	P.hidden = hidden;
	P.ThreadCtor = T;
	P.resume = T.resume;
	P.yield = T.yield;
	delete T.resume;
	delete T.yield;
	delete T.current;

	/* Captured here: a lazy group loads after guest code ran, and its
	 * definitions must not call a guest's replacement of these. */
	var defineProp = Object.defineProperty, applyFn = Reflect.apply;
	var ownProp = Object.prototype.hasOwnProperty;
	var floor = Math.floor, Str = String;
	var symToStr = Symbol.prototype.toString;

	/*
	 * Define a non-enumerable, writable, configurable data property. A
	 * group that replaces a function the proxy group records as the
	 * prelude's own (P.proxyBase, 33_builtins.js) updates the record, so
	 * the proxy group wraps the replacement instead of taking it for a
	 * guest's; a record a guest's replacement stands over is left as is.
	 */
	function holds(list, x) {
		var i;
		for (i = 0; i < list.length; i++)
			if (list[i] === x)
				return true;
		return false;
	}
	P.def = function def(obj, name, value) {
		var b = P.proxyBase, i;
		/* Walked for its few holders only (P.proxyHolders): a lazy
		 * group's load defines hundreds of other properties. */
		if (b !== undefined && holds(P.proxyHolders, obj))
			for (i = 0; i < b.length; i += 3)
				if (b[i] === obj && b[i + 1] === name &&
				    b[i + 2] === obj[name])
					b[i + 2] = value;
		defineProp(obj, name, { value: value, writable: true,
		    enumerable: false, configurable: true });
	};
	/* Define methods from a table; fix up their length where asked. */
	P.defs = function defs(obj, table, lengths) {
		var k;
		for (k in table) {
			if (!applyFn(ownProp, table, [k]))
				continue;
			P.def(obj, k, table[k]);
			/* own entries only: `toString` must not read the
			 * table's Object.prototype.toString */
			if (lengths && applyFn(ownProp, lengths, [k]))
				P.setLength(table[k], lengths[k]);
		}
	};
	P.setLength = function setLength(fn, n) {
		try {
			defineProp(fn, 'length', { value: n });
		} catch (e) { /* best effort */ }
	};
	P.setName = function setName(fn, s) {
		try {
			defineProp(fn, 'name', { value: s });
		} catch (e) { /* best effort */ }
	};
	/* A built-in accessor: non-enumerable, its getter named "get <name>". */
	P.defGetter = function defGetter(obj, key, name, fn) {
		P.setName(fn, 'get ' + name);
		defineProp(obj, key, { get: fn, enumerable: false,
		    configurable: true });
	};
	/* Duktape 2.7 lacks the well-known symbol @@species. */
	if (Symbol.species === undefined)
		Object.defineProperty(Symbol, 'species',
		    { value: Symbol('Symbol.species') });
	/* get [Symbol.species]() { return this; } */
	var speciesSym = Symbol.species;
	P.species = function species(C) {
		P.defGetter(C, speciesSym, '[Symbol.species]', function () {
			return this;
		});
	};
	/*
	 * A built-in constructor's shape: its `length` and a read-only
	 * `prototype`. The key order is already V8's (`length`, `name`,
	 * `prototype`: engine/host/duk_fnshape.inc gives every closure that).
	 */
	P.ctorShape = function ctorShape(C, len) {
		defineProp(C, 'length', { value: len });
		defineProp(C, 'prototype', { writable: false });
	};
	/* A BigInt's value (41_bigint.js); here so any file can tell one. */
	var bigKey = P.bigKey = hidden('BigIntValue');
	P.isBigInt = function isBigInt(x) {
		return typeof x === 'object' && x !== null &&
		    x[bigKey] !== undefined;
	};
	P.isObject = function isObject(x) {
		return (typeof x === 'object' && x !== null) ||
		    typeof x === 'function';
	};
	/*
	 * V8's words for a value it cannot name from the source: its type,
	 * then a primitive's value (`number 5`, `object null`, `string "s"`
	 * cut at 100 characters).
	 */
	P.valueSite = function valueSite(x) {
		var t = typeof x;
		if (x === null)
			return 'object null';
		if (P.isBigInt(x))
			return 'bigint';
		if (t === 'string')
			return 'string "' + (x.length > 100 ?
			    x.substring(0, 100) + '<...>' : x) + '"';
		if (t === 'number' || t === 'boolean')
			return t + ' ' + x;
		return t;
	};
	/*
	 * IteratorStep's check of what next() answered (a BigInt, an object
	 * here, is a primitive); V8 writes the value as String() does (a
	 * symbol as its description form). The lowered for-of calls it for a
	 * primitive, or for every answer where the source may make a BigInt
	 * (__cm.iterResult). Until the bigint group loads (P.bigIntsExist) no
	 * object can be one, and the steps below skip the test.
	 */
	var bigInts = false;
	P.bigIntsExist = function bigIntsExist() {
		bigInts = true;
	};
	var iterResult = P.iterResult = function iterResult(r) {
		if ((typeof r === 'object' && r !== null &&
		    (!bigInts || r[bigKey] === undefined)) ||
		    typeof r === 'function')
			return r;
		throw new TypeError('Iterator result ' + (typeof r === 'symbol' ?
		    applyFn(symToStr, r, []) : Str(r)) + ' is not an object');
	};
	/*
	 * IteratorStep over GetIterator's record, whose next method was read
	 * once as the iterator was opened: next()'s answer, or P.DONE; and
	 * IteratorStepValue, its value. Each calls next through the captured
	 * call (a script's Function.prototype.call changes no iteration) and
	 * tests the answer in place: they are every iteration's step.
	 */
	var DONE = P.DONE = {};
	var callFn = P.callFn = Function.prototype.call.bind(Function.prototype.call);
	function notCallable(next) {
		throw new TypeError(P.valueSite(next) + ' is not a function');
	}
	P.iterStep = function iterStep(it, next) {
		var r = typeof next === 'function' ? callFn(next, it) : notCallable(next);
		if (typeof r !== 'object' || r === null || bigInts)
			r = iterResult(r);
		return r.done ? DONE : r;
	};
	P.stepValue = function stepValue(it, next) {
		var r = typeof next === 'function' ? callFn(next, it) : notCallable(next);
		if (typeof r !== 'object' || r === null || bigInts)
			r = iterResult(r);
		return r.done ? DONE : r.value;
	};
	/* IteratorToList(GetIterator(obj)) */
	P.iterList = function iterList(obj) {
		var it = P.getIterator(obj), next = it.next, out = [], v;
		while ((v = P.stepValue(it, next)) !== DONE)
			out[out.length] = v;
		return out;
	};
	P.isCallable = function isCallable(x) {
		return typeof x === 'function';
	};
	/* ToLength / ToIntegerOrInfinity as in ES2022. */
	P.toInt = function toInt(x) {
		x = +x;
		if (x !== x)
			return 0;
		if (x === 0 || x === Infinity || x === -Infinity)
			return x === 0 ? 0 : x;
		return x < 0 ? -floor(-x) : floor(x);
	};
	P.toLength = function toLength(x) {
		x = P.toInt(x);
		if (x <= 0)
			return 0;
		return x > 9007199254740991 ? 9007199254740991 : x;
	};
	/* ToObject with V8's TypeError: the method's name when V8 names it
	 * ("Array.prototype.map called on null or undefined"), else ToObject's
	 * own text. The intrinsic Object, not what a script stores in the
	 * global. */
	var Obj = Object;
	P.toObj = function toObj(self, name) {
		if (self == null)
			throw new TypeError(name ? name + ' called on null or undefined' :
			    'Cannot convert undefined or null to object');
		return Obj(self);
	};
	/* Relative index (slice-style) clamped into [0, len]. */
	P.relIndex = function relIndex(x, len) {
		x = P.toInt(x);
		if (x < 0)
			return (x + len) < 0 ? 0 : x + len;
		return x > len ? len : x;
	};
	/*
	 * A value as V8 writes it in an error's text (NoSideEffectsToString):
	 * a string as it is, #<Ctor>, [object Date], "Error: m" (the engine's
	 * valueText, which runs no guest code); a BigInt by its digits
	 * (41_bigint.js's P.bigDecimal, which calls none either).
	 */
	var valueText = N.valueText;
	P.describe = function describe(x) {
		if (bigInts && P.isBigInt(x))
			return P.bigDecimal(x);
		return valueText(x);
	};
	P.typeError = function typeError(msg) {
		return new TypeError(msg);
	};
	/* SameValueZero. */
	P.sameValueZero = function sameValueZero(a, b) {
		return a === b || (a !== a && b !== b);
	};

	/*
	 * P.I: intrinsics captured before any guest code runs.  Guest code may
	 * replace Array.prototype.join, Function.prototype.call, the String
	 * global and the like; the prelude's own bookkeeping (the console's line
	 * composition, the job queue, the timers) must behave the same whatever
	 * it did, so it calls these and never a method looked up on its own
	 * arrays or strings.  uncurry(f)(self, a, b) is f.call(self, a, b) with
	 * `call` itself bound now, so a replaced Function.prototype.call is not
	 * consulted either.
	 */
	var uncurry = Function.prototype.bind.bind(Function.prototype.call);
	P.uncurry = uncurry;
	/* Called again by 60_console.js, after the prelude's own fixes to the
	 * built-ins (25_array.js, 28_string.js...), for the console's set. */
	P.captureIntrinsics = function captureIntrinsics() {
		var AP = Array.prototype, SP = String.prototype;
		return {
			push: uncurry(AP.push),
			pop: uncurry(AP.pop),
			shift: uncurry(AP.shift),
			slice: uncurry(AP.slice),
			splice: uncurry(AP.splice),
			apply: uncurry(Function.prototype.apply),
			join: uncurry(AP.join),
			indexOf: uncurry(AP.indexOf),
			isArray: Array.isArray,
			Array: Array,
			sIndexOf: uncurry(SP.indexOf),
			sSlice: uncurry(SP.slice),
			charAt: uncurry(SP.charAt),
			charCodeAt: uncurry(SP.charCodeAt),
			replace: uncurry(SP.replace),
			toUpperCase: uncurry(SP.toUpperCase),
			numToString: uncurry(Number.prototype.toString),
			symToString: typeof Symbol === 'function' &&
			    typeof Symbol.prototype.toString === 'function' ?
			    uncurry(Symbol.prototype.toString) : null,
			objToString: uncurry(Object.prototype.toString),
			hasOwn: uncurry(Object.prototype.hasOwnProperty),
			isEnum: uncurry(Object.prototype.propertyIsEnumerable),
			reTest: uncurry(RegExp.prototype.test),
			dateGetTime: uncurry(Date.prototype.getTime),
			dateToISOString: uncurry(Date.prototype.toISOString),
			String: String,
			Number: Number,
			parseFloat: parseFloat,
			isNaN: isNaN,
			keys: Object.keys,
			getOwnPropertySymbols: Object.getOwnPropertySymbols,
			getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
			getPrototypeOf: Object.getPrototypeOf,
			stringify: JSON.stringify,
			sqrt: Math.sqrt,
			max: Math.max,
			min: Math.min,
			round: Math.round,
			floor: Math.floor,
			ceil: Math.ceil
		};
	};
	P.I = P.captureIntrinsics();
})(this);

/*
 * 33_builtins.js: the eager side of groups `iterator` (34_iterator.js) and
 * `weak` (36_weakref.js), and small ES2025+ surfaces.
 *
 * Iterator helpers live on %Iterator.prototype%, which every iterator
 * inherits from, so they cannot wait for a global to be read: each method
 * here is a small stub with the right name and length that loads group
 * `iterator` on first call and forwards to it.  The `Iterator` global,
 * %IteratorHelperPrototype% and %WrapForValidIteratorPrototype% are in the
 * group.  Also: the `constructor` and @@toStringTag accessors of
 * %Iterator.prototype% (SetterThatIgnoresPrototypeProperties),
 * Symbol.dispose / Symbol.asyncDispose and Error.isError.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var IP = P.IteratorPrototype;
	var defineProperty = Object.defineProperty;
	var gopd = Object.getOwnPropertyDescriptor;
	var isObject = P.isObject;
	var toStr = Object.prototype.toString;
	var tagSym = Symbol.toStringTag;
	var needIter = P.lazy('iterator', ['Iterator'], []);
	var H = null;

	P.lazy('weak', ['WeakRef', 'FinalizationRegistry'], []);
	/* Cold: few scripts use BigInt, and those load it as they do. */
	P.lazy('bigint', ['BigInt'], [], true);

	function h() {
		if (H === null) {
			needIter();
			H = P.iterHelpers;
		}
		return H;
	}
	/* a trigger read after the seal still finds the helpers */
	P.iterStub = h;

	P.defs(IP, {
		map(mapper) { return h().map(this, mapper); },
		filter(predicate) { return h().filter(this, predicate); },
		take(limit) { return h().take(this, limit); },
		drop(limit) { return h().drop(this, limit); },
		flatMap(mapper) { return h().flatMap(this, mapper); },
		reduce(reducer) {
			return h().reduce(this, reducer, arguments.length > 1,
			    arguments[1]);
		},
		toArray() { return h().toArray(this); },
		forEach(fn) { return h().forEach(this, fn); },
		some(predicate) { return h().some(this, predicate); },
		every(predicate) { return h().every(this, predicate); },
		find(predicate) { return h().find(this, predicate); },
		includes(searchElement) {
			return h().includes(this, searchElement, arguments[1]);
		},
		join(separator) { return h().join(this, separator); },
		chunks(chunkSize) { return h().chunks(this, chunkSize); },
		windows(windowSize) {
			return h().windows(this, windowSize, arguments[1]);
		}
	});

	function ignoresProtoSetter(self, home, key, v) {
		if (!isObject(self))
			throw new TypeError('setter called on non-object');
		if (self === home)
			throw new TypeError('Cannot assign to read only property ' +
			    String(key) + ' of ' + P.describe(self));
		if (gopd(self, key) === undefined)
			defineProperty(self, key, { value: v, writable: true,
			    enumerable: true, configurable: true });
		else
			self[key] = v;
	}
	function accessor(key, name, get, set) {
		P.setName(get, 'get ' + name);
		P.setName(set, 'set ' + name);
		defineProperty(IP, key, { get: get, set: set, enumerable: false,
		    configurable: true });
	}
	accessor(Symbol.toStringTag, '[Symbol.toStringTag]', function () {
		return 'Iterator';
	}, function (v) {
		ignoresProtoSetter(this, IP, Symbol.toStringTag, v);
	});
	accessor('constructor', 'constructor', function () {
		return h().Iterator;
	}, function (v) {
		ignoresProtoSetter(this, IP, 'constructor', v);
	});

	/* Explicit resource management's well-known symbols. */
	if (Symbol.dispose === undefined)
		defineProperty(Symbol, 'dispose', { value: Symbol('Symbol.dispose') });
	if (Symbol.asyncDispose === undefined)
		defineProperty(Symbol, 'asyncDispose',
		    { value: Symbol('Symbol.asyncDispose') });
	var dispose = { dispose() {
		var r = this['return'];
		if (r !== undefined && r !== null)
			r.call(this);
	} }.dispose;
	P.setName(dispose, '[Symbol.dispose]');
	P.def(IP, Symbol.dispose, dispose);

	/*
	 * Error.isError(v): [[ErrorData]].  Duktape's class Error shows in
	 * Object.prototype.toString unless a @@toStringTag is present; the
	 * native error prototypes have that class too, but no [[ErrorData]].
	 * An error that carries a @@toStringTag of its own is not recognised.
	 */
	var errorProtos = [Error.prototype, EvalError.prototype,
	    RangeError.prototype, ReferenceError.prototype, SyntaxError.prototype,
	    TypeError.prototype, URIError.prototype];
	if (G.AggregateError)
		errorProtos.push(G.AggregateError.prototype);
	P.def(Error, 'isError', { isError(arg) {
		return isObject(arg) && !(tagSym in arg) &&
		    toStr.call(arg) === '[object Error]' &&
		    errorProtos.indexOf(arg) < 0;
	} }.isError);

	/*
	 * Reflect: Duktape's get/set/has/deleteProperty refuse symbol keys and
	 * a receiver, its setters receive the key as a second argument, and
	 * apply accepts a missing argument list.  These follow the spec's
	 * OrdinaryGet/OrdinarySet; with no receiver they use the engine's own
	 * [[Get]]/[[Set]], so a Proxy's traps run.
	 */
	(function (R) {
		var nApply = R.apply, getProto = Object.getPrototypeOf;
		var dp = Object.defineProperty, call = P.callFn;
		function target(t, name) {
			if (!isObject(t))
				throw new TypeError('Reflect.' + name +
				    ' called on non-object');
			return t;
		}
		function key(k) {
			return typeof k === 'symbol' ? k : String(k);
		}
		/* V8's words for a type: "a number", "an object", "null" */
		function typeWord(v) {
			var t = P.isBigInt(v) ? 'bigint' : typeof v;
			return v === null ? 'null' : t === 'object' ? 'an object' :
			    'a ' + t;
		}
		function define(o, k, d) {
			try {
				dp(o, k, d);
				return true;
			} catch (e) {
				if (e instanceof TypeError)
					return false;
				throw e;
			}
		}
		function ordinarySet(o, k, v, recv) {
			var d, e;
			for (;;) {
				d = gopd(o, k);
				if (d !== undefined)
					break;
				o = getProto(o);
				if (o === null) {
					d = { value: undefined, writable: true };
					break;
				}
			}
			if ('value' in d) {
				if (!d.writable || !isObject(recv))
					return false;
				e = gopd(recv, k);
				if (e !== undefined) {
					if (!('value' in e) || !e.writable)
						return false;
					return define(recv, k, { value: v });
				}
				return define(recv, k, { value: v, writable: true,
				    enumerable: true, configurable: true });
			}
			if (d.set === undefined)
				return false;
			call(d.set, recv, v);
			return true;
		}
		P.defs(R, {
			apply(f, thisArg, args) {
				if (typeof f !== 'function')
					throw new TypeError('Function.prototype.apply ' +
					    'was called on ' + P.describe(f) + ', which is ' +
					    typeWord(f) + ' and not a function');
				if (!isObject(args))
					throw new TypeError('CreateListFromArrayLike ' +
					    'called on non-object');
				return nApply(f, thisArg, args);
			},
			get: function get(t, k) {
				var o, d;
				target(t, 'get');
				k = key(k);
				if (arguments.length < 3 || arguments[2] === t)
					return t[k];
				for (o = t; o !== null; o = getProto(o)) {
					d = gopd(o, k);
					if (d === undefined)
						continue;
					if ('value' in d)
						return d.value;
					return d.get === undefined ? undefined :
					    call(d.get, arguments[2]);
				}
				return undefined;
			},
			set: function set(t, k, v) {
				target(t, 'set');
				k = key(k);
				return ordinarySet(t, k, v,
				    arguments.length < 4 ? t : arguments[3]);
			},
			has(t, k) {
				target(t, 'has');
				return key(k) in t;
			},
			deleteProperty(t, k) {
				target(t, 'deleteProperty');
				k = key(k);
				try {
					return delete t[k];
				} catch (e) {
					if (e instanceof TypeError)
						return false;
					throw e;
				}
			}
		});
		P.setLength(R.get, 2);
		P.setLength(R.set, 3);
		dp(R, Symbol.toStringTag, { value: 'Reflect',
		    configurable: true });
	})(G.Reflect);
	defineProperty(JSON, Symbol.toStringTag, { value: 'JSON',
	    configurable: true });
	(function (f) {
		if (typeof f !== 'function')
			return;
		P.setLength(f, 1);
		P.setName(f, '[Symbol.toPrimitive]');
	})(Symbol.prototype[Symbol.toPrimitive]);
	P.setName(Function.prototype[Symbol.hasInstance], '[Symbol.hasInstance]');
	/* Duktape names it with the symbol itself */
	P.setName(Date.prototype[Symbol.toPrimitive], '[Symbol.toPrimitive]');
	/* The native error constructors' `prototype` is read-only. */
	['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError',
	    'TypeError', 'URIError', 'AggregateError'].forEach(function (n) {
		try {
			defineProperty(G[n], 'prototype', { writable: false,
			    enumerable: false, configurable: false });
		} catch (e) { /* best effort */ }
	});

	/*
	 * JSON.parse with a function reviver is group `json` (39_json.js,
	 * cold); without one it is Duktape's parse as before. Installed at the
	 * seal, after 90_entry.js captured Duktape's for the host's messages.
	 */
	P.nativeJSONParse = JSON.parse;
	(P.sealHooks = P.sealHooks || []).push(function () {
		var nparse = P.nativeJSONParse, needJSON = P.lazy('json', [], [], true);
		var parse = function parse(text, reviver) {
			if (typeof reviver !== 'function')
				return nparse(text);
			needJSON();
			return P.jsonRevive(text, reviver);
		};
		P.def(JSON, 'parse', parse);
	});

	/*
	 * JSON.rawJSON / JSON.isRawJSON (JSON.parse source text access).  A raw
	 * object is a frozen null-prototype object with a private mark.
	 * JSON.stringify stays Duktape's own until the first rawJSON call; from
	 * then on a replacer stands each raw object in as a marked string,
	 * which is swapped for the raw text afterwards.  With an array
	 * replacer (a property list) raw objects are not recognised.
	 */
	(function (J) {
		var RAW = P.hidden('RawJSON'), nStringify = J.stringify;
		/* Whether a raw JSON value was ever made: read by the host too
		 * (P.rawJSONState, 90_entry.js). */
		var rawState = { used: false };
		var nParse = J.parse, nonce, re;
		/* Duktape's stringify, its output's lone surrogates written as
		 * \uXXXX escapes (engine/host/duk_builtins.inc) */
		var wfStringify = (typeof P.native.standIn === 'function' &&
		    P.native.standIn(1)) || nStringify;
		/* the replacer's PropertyList: strings and numbers, no repeats */
		function propertyList(a) {
			var list = [], seen = Object.create(null), i, v, k, n;
			n = P.toLength(a.length);
			for (i = 0; i < n; i++) {
				v = a[i];
				if (typeof v === 'string' || typeof v === 'number' ||
				    v instanceof String || v instanceof Number)
					k = String(v);
				else
					continue;
				if (seen[k] !== true) {
					seen[k] = true;
					list.push(k);
				}
			}
			return list;
		}
		function isRaw(o) {
			return isObject(o) && o[RAW] === true &&
			    Object.prototype.hasOwnProperty.call(o, RAW);
		}
		P.defs(J, {
			rawJSON(text) {
				var str, c0, c1, o;
				if (typeof text === 'symbol')
					throw new TypeError('Cannot convert a Symbol ' +
					    'value to a string');
				str = String(text);
				c0 = str.charAt(0);
				c1 = str.charAt(str.length - 1);
				if (str === '' || '\t\n\r '.indexOf(c0) >= 0 ||
				    '\t\n\r '.indexOf(c1) >= 0)
					throw new SyntaxError('Invalid value for ' +
					    'JSON.rawJSON');
				if (c0 === '{' || c0 === '[')
					throw new SyntaxError('JSON.rawJSON cannot ' +
					    'make objects or arrays');
				nParse(str);
				o = Object.create(null);
				o.rawJSON = str;
				defineProperty(o, RAW, { value: true });
				Object.freeze(o);
				if (!rawState.used) {
					rawState.used = true;
					nonce = String(Math.random()).slice(2);
					re = new RegExp('"\\\\u0000' + nonce +
					    ':(\\d+)"', 'g');
				}
				return o;
			},
			isRawJSON(O) {
				return isRaw(O);
			},
			stringify: makeStringify(wfStringify)
		});
		/*
		 * The host's own answers (90_entry.js) keep Duktape's stringify
		 * under the same wrapper: a result's lone surrogate becomes U+FFFD
		 * on the wire, as the protocol pins (check_ipcmsg_daemon), not an
		 * escape.
		 */
		P.hostStringify = makeStringify(nStringify);
		/*
		 * The host's first try at plain data (90_entry.js): the text,
		 * or undefined when it is not plain (a binary value, a toJSON,
		 * an accessor, a Proxy). Not to be used once a raw JSON value
		 * was made (rawState.used), which the replacer must see.
		 */
		P.hostStringifyPlain = typeof P.native.standIn === 'function' &&
		    P.native.standIn(2) || null;
		/* And its parse of an answer: the value its text parses to,
		 * null when it is no string or does not parse, undefined when
		 * it may hold a tagged value (90_entry.js, readEnvelope). */
		P.hostEnvelopePlain = typeof P.native.standIn === 'function' &&
		    P.native.standIn(3) || null;
		P.rawJSONState = rawState;
		function makeStringify(base) {
			return function stringify(value, replacer, space) {
				var marks, fn, r;
				if (Array.isArray(replacer))
					replacer = propertyList(replacer);
				if (!rawState.used || (isObject(replacer) &&
				    typeof replacer !== 'function'))
					return base(value, replacer, space);
				marks = [];
				fn = typeof replacer === 'function' ? replacer : null;
				r = base(value, function (k, v) {
					if (fn !== null)
						v = P.callFn(fn, this, k, v);
					if (isRaw(v)) {
						marks.push(v.rawJSON);
						return '\u0000' + nonce + ':' +
						    (marks.length - 1);
					}
					return v;
				}, space);
				if (marks.length === 0 || typeof r !== 'string')
					return r;
				return r.replace(re, function (m, i) {
					return marks[+i];
				});
			};
		}
		P.setLength(J.stringify, 3);
	})(JSON);
	/* get [Symbol.species] on Array, ArrayBuffer and %TypedArray%
	 * (the methods that would consult it are still Duktape's) */
	/* Proxy is group `proxy` (37_proxy.js): it forwards to Duktape's,
	 * and to these Reflect operations for a trap the handler lacks. */
	P.nativeProxy = G.Proxy;
	P.nativeReflect = { get: Reflect.get, set: Reflect.set,
	    has: Reflect.has, deleteProperty: Reflect.deleteProperty,
	    ownKeys: Reflect.ownKeys, apply: Reflect.apply,
	    construct: Reflect.construct };
	/* cold: model code rarely builds proxies, and the warm heap's image
	 * stays inside issue 18's bound (RUNTIME.md, lazy groups) */
	P.lazy('proxy', ['Proxy'], [], true);
	/* The functions group `proxy` wraps when it loads, as the prelude
	 * leaves them (a flat [holder, name, function, ...] list): it wraps
	 * one only if the guest has not replaced it meanwhile. */
	(P.sealHooks = P.sealHooks || []).push(function () {
		var list = [], holders = [], OP = Object.prototype, d;
		function take(holder, names) {
			var i;
			holders.push(holder);
			for (i = 0; i < names.length; i++)
				list.push(holder, names[i], holder[names[i]]);
		}
		take(Object, ['getOwnPropertyDescriptor', 'defineProperty',
		    'defineProperties', 'getPrototypeOf', 'setPrototypeOf',
		    'isExtensible', 'preventExtensions', 'freeze', 'seal',
		    'isFrozen', 'isSealed', 'keys', 'values', 'entries',
		    'getOwnPropertyNames', 'getOwnPropertySymbols',
		    'getOwnPropertyDescriptors', 'assign', 'hasOwn', 'create']);
		take(Reflect, ['getOwnPropertyDescriptor', 'defineProperty',
		    'getPrototypeOf', 'setPrototypeOf', 'isExtensible',
		    'preventExtensions', 'ownKeys', 'get', 'set', 'has',
		    'deleteProperty', 'apply', 'construct']);
		take(OP, ['hasOwnProperty', 'propertyIsEnumerable',
		    'isPrototypeOf']);
		take(Array, ['isArray', 'from']);
		take(Array.prototype, ['fill']);
		d = Object.getOwnPropertyDescriptor(OP, '__proto__');
		if (d !== undefined)
			list.push(OP, 'get __proto__', d.get, OP, 'set __proto__',
			    d.set);
		P.proxyBase = list;
		P.proxyHolders = holders;
	});
	/*
	 * P.orig(holder, name): the function Object, Reflect, Object.prototype
	 * ('OP'), Array or Array.prototype ('AP') holds under name as the prelude leaves it, or the
	 * version a group replaced it with (P.def keeps P.proxyBase current);
	 * P.orig('Symbol', name) a well-known symbol. A lazy group loads after
	 * guest code ran, so it takes what it calls from here, never from the
	 * globals a guest may have replaced (nor from a replaced global Object:
	 * the holders are taken now, before any guest code).
	 */
	(function () {
		var holders = { Object: Object, Reflect: Reflect,
			OP: Object.prototype, Array: Array,
			AP: Array.prototype, Symbol: Symbol };
		P.origHolders = holders;
		P.orig = function orig(h, name) {
			var b = P.proxyBase, o = holders[h], i;
			if (h === 'Symbol')
				return o[name];	/* non-writable, non-configurable */
			/* before the seal no guest code has run */
			if (b === undefined)
				return o[name];
			for (i = 0; i < b.length; i += 3)
				if (b[i] === o && b[i + 1] === name)
					return b[i + 2];
			throw new Error('P.orig: ' + h + '.' + name + ' not recorded');
		};
	})();
	P.species(Array);
	/* Duktape's parseFloat and parseInt (Number's are the same objects)
	 * are named "" */
	P.setName(G.parseFloat, 'parseFloat');
	P.setName(G.parseInt, 'parseInt');
	/*
	 * Function.prototype's own keys in V8's order: `length`, `name`,
	 * `arguments`, `caller`, then the methods (Duktape makes `name` first
	 * and has no `caller`/`arguments`). Those two are the accessors
	 * AddRestrictedFunctionProperties asks, getter and setter both
	 * %ThrowTypeError%: Duktape's one thrower, the one a strict arguments
	 * object's `callee` holds, made as the spec has it (no own properties
	 * but `length` 0 and `name` "", neither configurable, and frozen).
	 * A sloppy function reads its own `caller`/`arguments` (null) first,
	 * as in V8 (engine/host/duk_fnshape.inc); a strict one, an arrow, a
	 * method or a built-in reaches these and throws.
	 */
	(function () {
		var FP = Function.prototype, keys = ['length', 'name',
		    'constructor', 'apply', 'bind', 'call', 'toString'];
		var tte = gopd((function () {
			return arguments;
		})(), 'callee').get, d = {}, i;
		delete tte.name;
		delete tte.length;
		defineProperty(tte, 'length', { value: 0 });
		defineProperty(tte, 'name', { value: '' });
		Object.freeze(tte);
		for (i = 0; i < keys.length; i++) {
			d[keys[i]] = gopd(FP, keys[i]);
			delete FP[keys[i]];
		}
		defineProperty(FP, 'length', d.length);
		defineProperty(FP, 'name', d.name);
		defineProperty(FP, 'arguments', { get: tte, set: tte,
		    enumerable: false, configurable: true });
		defineProperty(FP, 'caller', { get: tte, set: tte,
		    enumerable: false, configurable: true });
		for (i = 2; i < keys.length; i++)
			defineProperty(FP, keys[i], d[keys[i]]);
	})();

	/*
	 * Function.prototype.toString: every function reads in the
	 * NativeFunction form (the Duktape patch in engine/module.mk), whose
	 * name must be a PropertyName: a private method's `#f` and a bound
	 * function's `bound f` are not, so those are left out
	 * (`function () { [native code] }`).
	 */
	(function () {
		var nativeToString = P.uncurry(Function.prototype.toString);
		var slice = P.uncurry(String.prototype.slice),
		    indexOf = P.uncurry(String.prototype.indexOf);
		P.def(Function.prototype, 'toString', function toString() {
			var s = nativeToString(this), i, c;
			if (slice(s, 0, 9) !== 'function ')
				return s;
			c = s.charAt(9);
			if (c === '#' || (c === 'b' && slice(s, 9, 15) === 'bound ')) {
				i = indexOf(s, '(');
				return 'function ' + slice(s, i);
			}
			return s;
		});
	})();

	/*
	 * Function.prototype.bind: the bound function's length is the
	 * target's own `length` when that is a Number (ToIntegerOrInfinity,
	 * less the bound arguments, at least 0), else 0.  Duktape reads an
	 * inherited length too and clamps to int32.
	 */
	(function () {
		var nativeBind = Function.prototype.bind;
		var fapply = P.uncurry(Function.prototype.apply);
		var hasOwn = P.uncurry(Object.prototype.hasOwnProperty);
		var bind = function bind(thisArg) {
			var F, L = 0, t;
			if (typeof this !== 'function')
				throw new TypeError('Bind must be called on a function');
			F = fapply(nativeBind, this, arguments);
			if (hasOwn(this, 'length')) {
				t = this.length;
				if (typeof t === 'number') {
					t = t !== t ? 0 : t < 0 ? Math.ceil(t) :
					    Math.floor(t);
					L = Math.max(0, t - (arguments.length > 1 ?
					    arguments.length - 1 : 0));
				}
			}
			if (F.length !== L)
				defineProperty(F, 'length', { value: L });
			return F;
		};
		P.def(Function.prototype, 'bind', bind);
		P.nativeBind = nativeBind;
	})();

	if (typeof G.ArrayBuffer === 'function')
		P.species(G.ArrayBuffer);
	if (typeof G.Int8Array === 'function')
		P.species(Object.getPrototypeOf(G.Int8Array));
})(this);

/*
 * 40_regexp.js: RegExp as ES2025 specifies it, on the engine's own regular
 * expression engine (engine/regexp/, reached through the natives rxAlloc,
 * rxCompile and rxExec of engine/host/rxhost.c), and the String methods that
 * call it: match, matchAll, replace, replaceAll, search, split.
 *
 * A RegExp object is an object of Duktape class RegExp (so
 * Object.prototype.toString says "[object RegExp]") with an own `lastIndex`
 * and a private record: [[OriginalSource]], [[OriginalFlags]] and the
 * compiled program ([[RegExpMatcher]]), a holder object whose finalizer
 * frees it. Compiled programs are shared through a small cache keyed by
 * flags and source, so a regex literal in a loop compiles once.
 *
 * Duktape's own RegExp stays only for the prelude's internal patterns
 * (literals in prelude files are compiled by Duktape): its prototype gets
 * @@match/@@replace/@@search/@@split that call Duktape's String methods, and
 * no path from guest code leads to it (the global RegExp, literals,
 * `constructor` and every prototype are ours).
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var N = P.native;
	/* f.call / f.apply with the originals, whatever the guest set on
	 * Function.prototype: the spec's Call, not a property lookup. */
	var fcall = P.uncurry(Function.prototype.call),
	    fapply = P.uncurry(Function.prototype.apply);
	var NRP = G.RegExp.prototype;
	var SP = String.prototype;
	var nativeReplace = SP.replace, nativeMatch = SP.match,
	    nativeSplit = SP.split, nativeSearch = SP.search;
	var indexOf = SP.indexOf, substring = SP.substring;
	var toLength = P.toLength, toInt = P.toInt, describe = P.describe,
	    isObject = P.isObject, isCtor = N.isConstructor;
	var rxAlloc = N.rxAlloc, rxCompile = N.rxCompile, rxExec = N.rxExec,
	    rxReplace = N.rxReplace, rxMatchAll = N.rxMatchAll,
	    rxSplit = N.rxSplit, rxFlags = N.rxFlags;
	var REC = P.hidden('RegExpRec');
	var defineProperty = Object.defineProperty;
	var cache = Object.create(null), cacheCount = 0;
	var i, names;

	/* The well-known symbols Duktape 2.7 lacks. */
	names = ['match', 'matchAll', 'replace', 'search', 'split'];
	for (i = 0; i < names.length; i++)
		if (Symbol[names[i]] === undefined)
			defineProperty(Symbol, names[i],
			    { value: Symbol('Symbol.' + names[i]) });
	var S_MATCH = Symbol.match, S_MATCHALL = Symbol.matchAll,
	    S_REPLACE = Symbol.replace, S_SEARCH = Symbol.search,
	    S_SPLIT = Symbol.split, S_SPECIES = Symbol.species;

	/* The prelude's own Duktape patterns keep working with the String
	 * methods below, which look these up. */
	function nativeSym(sym, fn) {
		defineProperty(NRP, sym, { value: function (s, a) {
			return fcall(fn, s, this, a);
		} });
	}
	nativeSym(S_MATCH, nativeMatch);
	nativeSym(S_REPLACE, nativeReplace);
	nativeSym(S_SEARCH, nativeSearch);
	nativeSym(S_SPLIT, nativeSplit);

	/* ToString, which refuses symbols (String(sym) does not). */
	function toStr(x) {
		if (typeof x === 'string')
			return x;
		if (typeof x === 'symbol')
			throw new TypeError('Cannot convert a Symbol value to a string');
		return String(x);
	}

	function sameValue(a, b) {
		if (a === b)
			return a !== 0 || 1 / a === 1 / b;
		return a !== a && b !== b;
	}

	function requireCoercible(x, name) {
		if (x === null || x === undefined)
			throw new TypeError('String.prototype.' + name +
			    ' called on null or undefined');
	}

	/* The private record, only for an object that has it as its own. */
	function Rec(o, src, flags, prog) {
		this.o = o;
		this.src = src;
		this.flags = flags;
		this.prog = prog;
		this.b = prog.b;	/* the RX_* bits, for rxhost.c's getters */
		this.gy = fcall(indexOf, flags, 'g') >= 0 ||
		    fcall(indexOf, flags, 'y') >= 0;
		this.d = fcall(indexOf, flags, 'd') >= 0;
	}

	function recOf(x) {
		var r;
		if (x === null || typeof x !== 'object')
			return undefined;
		r = x[REC];
		return r !== undefined && r.o === x ? r : undefined;
	}

	function thisRec(x, name) {
		var r = recOf(x);
		if (r === undefined)
			throw new TypeError('Method RegExp.prototype.' + name +
			    ' called on incompatible receiver ' + describe(x));
		return r;
	}

	function compile(src, flags) {
		var key = flags + '/' + src, prog = cache[key];
		if (prog !== undefined)
			return prog;
		prog = rxCompile(src, flags);
		if (cacheCount++ >= 256) {
			cache = Object.create(null);
			cacheCount = 0;
		}
		cache[key] = prog;
		return prog;
	}

	/* RegExpInitialize: flags are checked here, the pattern by rxCompile. */
	/* Flag strings checkFlags has passed (a handful in practice). */
	var validFlags = Object.create(null), validCount = 0;

	function checkFlags(f) {
		var j, c;
		if (validFlags[f] === true)
			return;
		for (j = 0; j < f.length; j++) {
			c = f.charAt(j);
			if ('dgimsuvy'.indexOf(c) < 0 || f.indexOf(c) !== j ||
			    (c === 'v' && f.indexOf('u') >= 0))
				throw new SyntaxError('Invalid flags supplied to ' +
				    'RegExp constructor \'' + f + '\'');
		}
		if (validCount++ < 64)
			validFlags[f] = true;
	}

	function initialize(o, pattern, flags) {
		var src = pattern === undefined ? '' : toStr(pattern);
		var f = flags === undefined ? '' : toStr(flags);
		checkFlags(f);
		defineProperty(o, REC, { value: new Rec(o, src, f,
		    compile(src, f)), writable: true, configurable: true });
		o.lastIndex = 0;
		return o;
	}

	var RegExpPrototype = {};

	/* RegExpAlloc + GetPrototypeFromConstructor. */
	function alloc(nt) {
		var proto = nt === RegExp ? RegExpPrototype : nt.prototype;
		return rxAlloc(isObject(proto) ? proto : RegExpPrototype);
	}

	/* IsRegExp */
	function isRegExp(x) {
		var m;
		if (!isObject(x))
			return false;
		m = x[S_MATCH];
		if (m !== undefined)
			return !!m;
		return recOf(x) !== undefined;
	}

	function RegExp(pattern, flags) {
		var nt = new.target, isRe = isRegExp(pattern), r, src;
		if (nt === undefined) {
			nt = RegExp;
			if (isRe && flags === undefined &&
			    pattern.constructor === RegExp)
				return pattern;
		}
		r = recOf(pattern);
		if (r !== undefined) {
			src = r.src;
			if (flags === undefined)
				flags = r.flags;
		} else if (isRe) {
			src = pattern.source;
			if (flags === undefined)
				flags = pattern.flags;
		} else {
			src = pattern;
		}
		return initialize(alloc(nt), src, flags);
	}

	/* RegExpCreate */
	function create(src, flags) {
		return initialize(rxAlloc(RegExpPrototype), src, flags);
	}

	/* __cm.re(source, flags): a regex literal (the front end has checked
	 * it); a fresh object per evaluation, the program from a cache of
	 * literals (rxhost.c's rxLiteral). */
	var re = N.rxLiteral;

	/* AdvanceStringIndex */
	function advance(s, i, unicode) {
		var c;
		if (!unicode || i + 1 >= s.length)
			return i + 1;
		c = s.charCodeAt(i);
		if (c >= 0xd800 && c <= 0xdbff) {
			c = s.charCodeAt(i + 1);
			if (c >= 0xdc00 && c <= 0xdfff)
				return i + 2;
		}
		return i + 1;
	}

	/* RegExpBuiltinExec: rxExec builds the whole result (index, input,
	 * the captures, groups, indices) or returns null. */
	function builtinExec(R, r, S) {
		var li = toLength(R.lastIndex), A;
		if (!r.gy)
			li = 0;
		else if (li > S.length) {
			R.lastIndex = 0;
			return null;
		}
		A = rxExec(r.prog, S, li, r.d);
		if (A === null) {
			if (r.gy)
				R.lastIndex = 0;
			return null;
		}
		if (r.gy)
			R.lastIndex = A.index + A[0].length;
		return A;
	}

	function exec(string) {
		return builtinExec(this, thisRec(this, 'exec'), toStr(string));
	}

	/* RegExpExec */
	function regexpExec(R, S) {
		var ex = R.exec, r;
		if (ex === exec) {
			r = recOf(R);
			if (r !== undefined)
				return builtinExec(R, r, S);
		}
		if (typeof ex === 'function') {
			r = fcall(ex, R, S);
			if (r !== null && !isObject(r))
				throw new TypeError('exec result must be an object ' +
				    'or null');
			return r;
		}
		return builtinExec(R, thisRec(R, 'exec'), S);
	}

	function requireObject(x, name) {
		if (!isObject(x))
			throw new TypeError('Method RegExp.prototype.' + name +
			    ' called on incompatible receiver ' + describe(x));
	}

	/* SpeciesConstructor(O, %RegExp%) */
	function speciesCtor(O) {
		var C = O.constructor, S;
		if (C === undefined)
			return RegExp;
		if (!isObject(C))
			throw new TypeError('object.constructor is not an object');
		S = C[S_SPECIES];
		if (S === undefined || S === null)
			return RegExp;
		if (isCtor(S))
			return S;
		throw new TypeError('object.constructor[Symbol.species] is not ' +
		    'a constructor');
	}

	function hasFlag(flags, c) {
		return fcall(indexOf, flags, c) >= 0;
	}

	/* GetSubstitution (ES2023) */
	function substitute(matched, str, position, captures, named, tpl) {
		var result = '', i = 0, n = tpl.length, c, d, d2, idx, gt, v,
		    m = captures.length, start;
		for (;;) {
			start = i;
			i = fcall(indexOf, tpl, '$', i);
			if (i < 0 || i + 1 >= n) {
				return result + fcall(substring, tpl, start);
			}
			result += fcall(substring, tpl, start, i);
			c = tpl.charAt(i + 1);
			if (c === '$') {
				result += '$';
				i += 2;
			} else if (c === '`') {
				result += fcall(substring, str, 0, position);
				i += 2;
			} else if (c === '&') {
				result += matched;
				i += 2;
			} else if (c === '\'') {
				v = position + matched.length;
				result += fcall(substring, str, v > str.length ?
				    str.length : v);
				i += 2;
			} else if (c >= '0' && c <= '9') {
				d = c.charCodeAt(0) - 48;
				d2 = i + 2 < n ? tpl.charCodeAt(i + 2) - 48 : -1;
				if (d2 >= 0 && d2 <= 9 && d * 10 + d2 <= m) {
					idx = d * 10 + d2;
					v = 3;
				} else {
					idx = d;
					v = 2;
				}
				if (idx >= 1 && idx <= m) {
					d = captures[idx - 1];
					if (d !== undefined)
						result += d;
				} else {
					result += fcall(substring, tpl, i, i + v);
				}
				i += v;
			} else if (c === '<') {
				gt = fcall(indexOf, tpl, '>', i + 2);
				if (gt < 0 || named === undefined) {
					result += '$<';
					i += 2;
				} else {
					v = named[fcall(substring, tpl, i + 2, gt)];
					if (v !== undefined)
						result += toStr(v);
					i = gt + 1;
				}
			} else {
				result += '$';
				i += 1;
			}
		}
	}

	/* The flag getters and `flags` are C functions (rxhost.c): the String
	 * methods read `flags` on every call, and these are eight Gets. */
	function flagGetter(name, c) {
		defineProperty(RegExpPrototype, name, { get: typeof N.rxFlagGetter ===
		    'function' ? N.rxFlagGetter(c, 'get ' + name, RegExpPrototype) :
		    esFlagGetter(c, name), enumerable: false, configurable: true });
	}

	/* The same in ES, for a heap without the natives (the prelude run bare
	 * by engine_bench's breakdown, tests/js/builtins/run-duk.sh). */
	function esFlagGetter(c, name) {
		return function () {
			var R = this, r, s = '', j;
			if (!isObject(R) && c === '')
				throw new TypeError('RegExp.prototype.flags getter ' +
				    'called on non-object ' + describe(R));
			if (c === '') {
				for (j = 0; j < 8; j++)
					if (R[['hasIndices', 'global', 'ignoreCase',
					    'multiline', 'dotAll', 'unicode', 'unicodeSets',
					    'sticky'][j]])
						s += 'dgimsuvy'.charAt(j);
				return s;
			}
			r = recOf(R);
			if (r === undefined) {
				if (R === RegExpPrototype)
					return undefined;
				throw new TypeError('RegExp.prototype.' + name +
				    ' getter called on non-RegExp object');
			}
			return hasFlag(r.flags, c);
		};
	}

	/* EscapeRegExpPattern: `/` and line terminators escaped, so that
	 * `/${source}/${flags}` reads back as the same regex. */
	function escapePattern(src) {
		var out = '', j, c, inClass = false, start = 0;
		if (src === '')
			return '(?:)';
		for (j = 0; j < src.length; j++) {
			c = src.charAt(j);
			if (c === '\\') {
				if (j + 1 < src.length && '\n\r\u2028\u2029'.indexOf(
				    src.charAt(j + 1)) < 0) {
					j++;
					continue;
				}
				out += fcall(substring, src, start, j);
				start = j + 1;
				out += '\\';
				continue;
			}
			if (c === '[')
				inClass = true;
			else if (c === ']')
				inClass = false;
			else if (c === '/' && !inClass)
				c = '\\/';
			else if (c === '\n')
				c = '\\n';
			else if (c === '\r')
				c = '\\r';
			else if (c === '\u2028')
				c = '\\u2028';
			else if (c === '\u2029')
				c = '\\u2029';
			else
				continue;
			out += fcall(substring, src, start, j) + c;
			start = j + 1;
		}
		return out + fcall(substring, src, start);
	}

	var protoMethods = {
		exec: exec,
		test: function test(S) {
			var R = this, r, li, e;
			requireObject(R, 'test');
			S = toStr(S);
			/* The built-in exec: RegExpBuiltinExec without building
			 * the result nobody sees. */
			if (R.exec !== exec || (r = recOf(R)) === undefined)
				return regexpExec(R, S) !== null;
			li = toLength(R.lastIndex);
			if (!r.gy)
				li = 0;
			else if (li > S.length) {
				R.lastIndex = 0;
				return false;
			}
			e = rxExec(r.prog, S, li, 2);
			if (r.gy)
				R.lastIndex = e === null ? 0 : e;
			return e !== null;
		},
		toString: function toString() {
			requireObject(this, 'toString');
			return '/' + toStr(this.source) + '/' + toStr(this.flags);
		},
		compile: function compile(pattern, flags) {
			var r = thisRec(this, 'compile'), pr = recOf(pattern);
			if (pr !== undefined) {
				if (flags !== undefined)
					throw new TypeError('Cannot supply flags when ' +
					    'constructing one RegExp from another');
				return initialize(this, pr.src, pr.flags);
			}
			void r;
			return initialize(this, pattern, flags);
		}
	};
	P.defs(RegExpPrototype, protoMethods,
	    { exec: 1, test: 1, toString: 0, compile: 2 });

	flagGetter('dotAll', 's');
	flagGetter('flags', '');
	flagGetter('global', 'g');
	flagGetter('hasIndices', 'd');
	flagGetter('ignoreCase', 'i');
	flagGetter('multiline', 'm');
	P.defGetter(RegExpPrototype, 'source', 'source', function () {
		var r = isObject(this) ? recOf(this) : undefined;
		if (r === undefined) {
			if (this === RegExpPrototype)
				return '(?:)';
			throw new TypeError('RegExp.prototype.source getter called ' +
			    'on non-RegExp object');
		}
		return escapePattern(r.src);
	});
	flagGetter('sticky', 'y');
	flagGetter('unicode', 'u');
	flagGetter('unicodeSets', 'v');

	function symMethod(sym, name, len, fn) {
		defineProperty(RegExpPrototype, sym, { value: fn, writable: true,
		    configurable: true });
		P.setName(fn, '[Symbol.' + name + ']');
		P.setLength(fn, len);
	}

	symMethod(S_MATCH, 'match', 1, function (string) {
		var rx = this, S, flags, A, n, result, m, full;
		requireObject(rx, '@@match');
		S = toStr(string);
		flags = rxFlags(rx);
		if (!hasFlag(flags, 'g'))
			return regexpExec(rx, S);
		full = hasFlag(flags, 'u') || hasFlag(flags, 'v');
		rx.lastIndex = 0;
		/* The built-in exec: the loop in C (rxhost.c), lastIndex ends 0
		 * as the failing exec leaves it. */
		if ((m = recOf(rx)) !== undefined && rx.exec === exec)
			return rxMatchAll(m.prog, S, full);
		A = [];
		n = 0;
		for (;;) {
			result = regexpExec(rx, S);
			if (result === null)
				return n === 0 ? null : A;
			m = toStr(result[0]);
			A[n++] = m;
			if (m === '')
				rx.lastIndex = advance(S, toLength(rx.lastIndex),
				    full);
		}
	});

	/* %RegExpStringIteratorPrototype% */
	var RI = P.hidden('RegExpStringIter');
	var RegExpStringIterPrototype = Object.create(P.IteratorPrototype);
	P.def(RegExpStringIterPrototype, 'next', function next() {
		var st = isObject(this) ? this[RI] : undefined, match, s;
		if (st === undefined || st.self !== this)
			throw new TypeError('Method %RegExpStringIterator%.prototype.' +
			    'next called on incompatible receiver ' + P.describe(this));
		if (st.done)
			return { value: undefined, done: true };
		match = regexpExec(st.R, st.S);
		if (match === null) {
			st.done = true;
			return { value: undefined, done: true };
		}
		if (!st.global) {
			st.done = true;
			return { value: match, done: false };
		}
		s = toStr(match[0]);
		if (s === '')
			st.R.lastIndex = advance(st.S, toLength(st.R.lastIndex),
			    st.full);
		return { value: match, done: false };
	});
	defineProperty(RegExpStringIterPrototype, Symbol.toStringTag,
	    { value: 'RegExp String Iterator', configurable: true });
	(P.noCtorProtos = P.noCtorProtos || []).push(RegExpStringIterPrototype);

	symMethod(S_MATCHALL, 'matchAll', 1, function (string) {
		var R = this, S, C, flags, matcher, it;
		requireObject(R, '@@matchAll');
		S = toStr(string);
		C = speciesCtor(R);
		flags = rxFlags(R);
		matcher = C === RegExp ? RegExp(R, flags) : new C(R, flags);
		matcher.lastIndex = toLength(R.lastIndex);
		it = Object.create(RegExpStringIterPrototype);
		defineProperty(it, RI, { value: { self: it, R: matcher, S: S,
		    global: hasFlag(flags, 'g'), full: hasFlag(flags, 'u') ||
		    hasFlag(flags, 'v'), done: false } });
		return it;
	});

	symMethod(S_REPLACE, 'replace', 2, function (string, replaceValue) {
		var rx = this, S, lengthS, fn, flags, global, full, results = [],
		    result, acc = '', next = 0, j, k, nCaps, matched, pos, caps,
		    named, args, rep;
		requireObject(rx, '@@replace');
		S = toStr(string);
		lengthS = S.length;
		fn = typeof replaceValue === 'function';
		if (!fn)
			replaceValue = toStr(replaceValue);
		flags = rxFlags(rx);
		global = hasFlag(flags, 'g');
		if (global) {
			full = hasFlag(flags, 'u') || hasFlag(flags, 'v');
			rx.lastIndex = 0;
		}
		/* The built-in exec: matching, then the callbacks or the
		 * template, in C (rxhost.c); RegExpBuiltinExec's lastIndex
		 * steps stay here. */
		result = recOf(rx);
		if (result !== undefined && rx.exec === exec) {
			if (global)
				return rxReplace(result.prog, S, replaceValue, full);
			k = toLength(rx.lastIndex);
			if (!result.gy)
				k = 0;
			else if (k > lengthS) {
				rx.lastIndex = 0;
				return S;
			}
			pos = rxExec(result.prog, S, k, 2);
			if (result.gy)
				rx.lastIndex = pos === null ? 0 : pos;
			return pos === null ? S :
			    rxReplace(result.prog, S, replaceValue, false, k);
		}
		for (;;) {
			result = regexpExec(rx, S);
			if (result === null)
				break;
			results[results.length] = result;
			if (!global)
				break;
			if (toStr(result[0]) === '')
				rx.lastIndex = advance(S, toLength(rx.lastIndex),
				    full);
		}
		for (j = 0; j < results.length; j++) {
			result = results[j];
			nCaps = toLength(result.length) - 1;
			if (nCaps < 0)
				nCaps = 0;
			matched = toStr(result[0]);
			pos = toInt(result.index);
			pos = pos < 0 ? 0 : pos > lengthS ? lengthS : pos;
			caps = [];
			for (k = 1; k <= nCaps; k++) {
				rep = result[k];
				caps[caps.length] = rep === undefined ? undefined : toStr(rep);
			}
			named = result.groups;
			if (fn) {
				args = [matched];
				for (k = 0; k < caps.length; k++)
					args[args.length] = caps[k];
				args[args.length] = pos;
				args[args.length] = S;
				if (named !== undefined)
					args[args.length] = named;
				rep = toStr(fapply(replaceValue, undefined, args));
			} else {
				if (named === null)
					throw new TypeError('Cannot convert undefined ' +
					    'or null to object');
				if (named !== undefined)
					named = Object(named);
				rep = substitute(matched, S, pos, caps, named,
				    replaceValue);
			}
			if (pos >= next) {
				acc += fcall(substring, S, next, pos) + rep;
				next = pos + matched.length;
			}
		}
		return next >= lengthS ? acc : acc + fcall(substring, S, next);
	});

	symMethod(S_SEARCH, 'search', 1, function (string) {
		var rx = this, S, prev, cur, result;
		requireObject(rx, '@@search');
		S = toStr(string);
		prev = rx.lastIndex;
		if (!sameValue(prev, 0))
			rx.lastIndex = 0;
		result = regexpExec(rx, S);
		cur = rx.lastIndex;
		if (!sameValue(cur, prev))
			rx.lastIndex = prev;
		return result === null ? -1 : result.index;
	});

	symMethod(S_SPLIT, 'split', 2, function (string, limit) {
		var rx = this, S, C, flags, full, splitter, A = [], lim, size, p,
		    q, z, e, n, k, plain;
		requireObject(rx, '@@split');
		S = toStr(string);
		C = speciesCtor(rx);
		flags = rxFlags(rx);
		full = hasFlag(flags, 'u') || hasFlag(flags, 'v');
		plain = flags;
		if (!hasFlag(flags, 'y'))
			flags += 'y';
		else
			plain = fcall(nativeReplace, flags, 'y', '');
		/*
		 * Construct(%RegExp%, [rx, flags]) for a RegExp rx observes only
		 * IsRegExp(rx) and the flags: then, with the built-in exec, the
		 * splitter is never seen, and the loop runs in C on the same
		 * pattern without `y` (rxhost.c says why that is the same).
		 */
		z = C === RegExp ? recOf(rx) : undefined;
		if (z !== undefined && isRegExp(rx) && RegExpPrototype.exec === exec) {
			if (validFlags[flags] !== true)
				checkFlags(flags);
			splitter = compile(z.src, plain);
			lim = limit === undefined ? 4294967295 : limit >>> 0;
			if (lim === 0)
				return A;
			if (S === '')
				return rxExec(splitter, S, 0, false) !== null ? A : [S];
			return rxSplit(splitter, S, lim, full);
		}
		splitter = C === RegExp ? RegExp(rx, flags) : new C(rx, flags);
		lim = limit === undefined ? 4294967295 : limit >>> 0;
		if (lim === 0)
			return A;
		if (S === '') {
			if (regexpExec(splitter, S) !== null)
				return A;
			A[A.length] = S;
			return A;
		}
		size = S.length;
		p = 0;
		q = 0;
		while (q < size) {
			splitter.lastIndex = q;
			z = regexpExec(splitter, S);
			if (z === null) {
				q = advance(S, q, full);
				continue;
			}
			e = toLength(splitter.lastIndex);
			if (e > size)
				e = size;
			if (e === p) {
				q = advance(S, q, full);
				continue;
			}
			A[A.length] = fcall(substring, S, p, q);
			if (A.length === lim)
				return A;
			p = e;
			n = toLength(z.length) - 1;
			for (k = 1; k <= n; k++) {
				A[A.length] = z[k];
				if (A.length === lim)
					return A;
			}
			q = p;
		}
		A[A.length] = fcall(substring, S, p, size);
		return A;
	});

	/* RegExp.escape (ES2025) */
	function hex(c, w) {
		var h = c.toString(16);
		while (h.length < w)
			h = '0' + h;
		return h;
	}
	function escape(S) {
		var out = '', j, c, d;
		if (typeof S !== 'string')
			throw new TypeError('RegExp.escape requires a string');
		for (j = 0; j < S.length; j++) {
			c = S.charCodeAt(j);
			if (j === 0 && ((c >= 48 && c <= 57) ||
			    ((c | 32) >= 97 && (c | 32) <= 122))) {
				out += '\\x' + hex(c, 2);
			} else if ('^$\\.*+?()[]{}|/'.indexOf(S.charAt(j)) >= 0) {
				out += '\\' + S.charAt(j);
			} else if (c >= 9 && c <= 13) {
				out += '\\' + 'tnvfr'.charAt(c - 9);
			} else if (',-=<>#&!%:;@~\'`"'.indexOf(S.charAt(j)) >= 0 ||
			    c === 0x20 || c === 0xa0 || c === 0x1680 ||
			    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 ||
			    c === 0x2029 || c === 0x202f || c === 0x205f ||
			    c === 0x3000 || c === 0xfeff) {
				out += c <= 0xff ? '\\x' + hex(c, 2) :
				    '\\u' + hex(c, 4);
			} else if (c >= 0xd800 && c <= 0xdfff) {
				d = j + 1 < S.length ? S.charCodeAt(j + 1) : 0;
				if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
					out += S.charAt(j) + S.charAt(j + 1);
					j++;
				} else {
					out += '\\u' + hex(c, 4);
				}
			} else {
				out += S.charAt(j);
			}
		}
		return out;
	}

	RegExp.prototype = RegExpPrototype;
	P.ctorShape(RegExp, 2);
	P.def(RegExp, 'escape', escape);
	P.setLength(escape, 1);
	P.species(RegExp);
	P.def(RegExpPrototype, 'constructor', RegExp);
	P.def(G, 'RegExp', RegExp);
	/* A prelude pattern that reaches guest code (a String method the guest
	 * replaced sees it) leads to ours, never to Duktape's constructor. */
	P.def(NRP, 'constructor', RegExp);

	/* ---- String.prototype ---- */

	function getMethod(x, sym) {
		var f = x[sym];
		if (f === undefined || f === null)
			return undefined;
		if (typeof f !== 'function')
			throw new TypeError(describe(f) + ' is not a function');
		return f;
	}

	function requireGlobal(rx, name) {
		var flags;
		if (isRegExp(rx)) {
			flags = rx.flags;
			if (flags === undefined || flags === null)
				throw new TypeError('String.prototype.' + name +
				    ' called with a RegExp whose flags are ' +
				    'undefined or null');
			if (!hasFlag(toStr(flags), 'g'))
				throw new TypeError('String.prototype.' + name +
				    ' called with a non-global RegExp argument');
		}
	}

	function replaceAll(searchValue, replaceValue) {
		var f, s, needle, fn, positions = [], pos, adv, r, last, j;
		requireCoercible(this, 'replaceAll');
		if (isObject(searchValue)) {
			requireGlobal(searchValue, 'replaceAll');
			f = getMethod(searchValue, S_REPLACE);
			if (f !== undefined)
				return fcall(f, searchValue, this, replaceValue);
		}
		s = toStr(this);
		needle = toStr(searchValue);
		fn = typeof replaceValue === 'function';
		if (!fn)
			replaceValue = toStr(replaceValue);
		adv = needle.length > 0 ? needle.length : 1;
		pos = fcall(indexOf, s, needle, 0);
		while (pos >= 0) {
			positions[positions.length] = pos;
			pos = pos + adv > s.length ? -1 :
			    fcall(indexOf, s, needle, pos + adv);
		}
		/* The pieces joined once at the end: appending to a string
		 * copied the whole result at every match (3.3 s for 100,000
		 * matches in 300 KB). */
		r = [];
		last = 0;
		for (j = 0; j < positions.length; j++) {
			pos = positions[j];
			r[r.length] = fcall(substring, s, last, pos);
			r[r.length] = fn ? toStr(fcall(replaceValue, undefined,
			    needle, pos, s)) : substitute(needle, s, pos, [],
			    undefined, replaceValue);
			last = pos + needle.length;
		}
		r[r.length] = fcall(substring, s, last);
		return P.I.join(r, '');
	}

	P.defs(SP, {
		match: function match(regexp) {
			var f;
			requireCoercible(this, 'match');
			if (isObject(regexp)) {
				f = getMethod(regexp, S_MATCH);
				if (f !== undefined)
					return fcall(f, regexp, this);
			}
			return create(regexp, undefined)[S_MATCH](toStr(this));
		},
		matchAll: function matchAll(regexp) {
			var f, S;
			requireCoercible(this, 'matchAll');
			if (isObject(regexp)) {
				requireGlobal(regexp, 'matchAll');
				f = getMethod(regexp, S_MATCHALL);
				if (f !== undefined)
					return fcall(f, regexp, this);
			}
			S = toStr(this);
			return create(regexp, 'g')[S_MATCHALL](S);
		},
		replace: function replace(searchValue, replaceValue) {
			var f, s, needle, fn, pos, rep;
			requireCoercible(this, 'replace');
			if (isObject(searchValue)) {
				f = getMethod(searchValue, S_REPLACE);
				if (f !== undefined)
					return fcall(f, searchValue, this, replaceValue);
			}
			s = toStr(this);
			needle = toStr(searchValue);
			fn = typeof replaceValue === 'function';
			if (!fn)
				replaceValue = toStr(replaceValue);
			pos = fcall(indexOf, s, needle, 0);
			if (pos < 0)
				return s;
			rep = fn ? toStr(fcall(replaceValue, undefined, needle, pos,
			    s)) : substitute(needle, s, pos, [], undefined,
			    replaceValue);
			return fcall(substring, s, 0, pos) + rep +
			    fcall(substring, s, pos + needle.length);
		},
		replaceAll: replaceAll,
		search: function search(regexp) {
			var f, S;
			requireCoercible(this, 'search');
			if (isObject(regexp)) {
				f = getMethod(regexp, S_SEARCH);
				if (f !== undefined)
					return fcall(f, regexp, this);
			}
			S = toStr(this);
			return create(regexp, undefined)[S_SEARCH](S);
		},
		split: function split(separator, limit) {
			var f, S, lim, R;
			requireCoercible(this, 'split');
			if (isObject(separator)) {
				f = getMethod(separator, S_SPLIT);
				if (f !== undefined)
					return fcall(f, separator, this, limit);
			}
			S = toStr(this);
			lim = limit === undefined ? 4294967295 : limit >>> 0;
			R = toStr(separator);
			if (lim === 0)
				return [];
			if (separator === undefined)
				return [S];
			return fcall(nativeSplit, S, R, lim);
		}
	}, { match: 1, matchAll: 1, replace: 2, replaceAll: 2, search: 1,
	    split: 2 });

	P.isRegExp = isRegExp;
	cm.re = re;
})(this);

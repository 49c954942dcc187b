/*
 * 40_regexp.js: the RegExp wrapper.
 *
 * Patterns Duktape accepts with flags from "gim" stay native RegExp objects
 * (the fast path: nothing here runs for them but thin String method
 * checks).  Anything else goes through __cm_native.regexpTranslate, which
 * returns a Duktape pattern plus the group names; the result is a native
 * RegExp (so native String methods still work) whose prototype is
 * XRegExpPrototype (exec/test/toString that know about names, sticky,
 * unicode and indices) and whose hidden META record keeps the original
 * source and flags.  The `flags`/`source`/`sticky`/... getters on
 * RegExp.prototype consult META.
 *
 * Limits: `d` indices of groups are found by searching each capture inside
 * the match (exact unless a capture's text occurs earlier in the match);
 * sticky is emulated by a global search that must match at lastIndex.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var N = P.native;
	var NR = G.RegExp;
	var RP = NR.prototype;
	var META = P.hidden('RegExpMeta');
	var toLength = P.toLength, describe = P.describe;
	var nativeExec = RP.exec, nativeTest = RP.test;
	var SP = String.prototype;
	var nativeReplace = SP.replace, nativeMatch = SP.match,
	    nativeSplit = SP.split, nativeSearch = SP.search;
	var getter = function (name) {
		var d = Object.getOwnPropertyDescriptor(RP, name);
		return d && d.get;
	};
	var nativeSourceGet = getter('source'), nativeFlagsGet = getter('flags'),
	    nativeGlobalGet = getter('global'),
	    nativeIgnoreCaseGet = getter('ignoreCase'),
	    nativeMultilineGet = getter('multiline');
	var cache = Object.create(null), cacheCount = 0;

	function Meta(source, flags, names, inner) {
		this.source = source;
		this.flags = flags;
		this.names = names;		/* null if no named groups */
		this.inner = inner;		/* same pattern, always "g" */
		this.global = flags.indexOf('g') >= 0;
		this.sticky = flags.indexOf('y') >= 0;
		this.unicode = flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0;
		this.dotAll = flags.indexOf('s') >= 0;
		this.hasIndices = flags.indexOf('d') >= 0;
	}

	function canonicalFlags(f) {
		var order = 'dgimsuvy', r = '', i, c;
		for (i = 0; i < f.length; i++) {
			c = f.charAt(i);
			if (order.indexOf(c) < 0 || f.indexOf(c) !== i)
				throw new SyntaxError("Invalid flags supplied to RegExp constructor '" +
				    f + "'");
		}
		for (i = 0; i < order.length; i++)
			if (f.indexOf(order.charAt(i)) >= 0)
				r += order.charAt(i);
		return r;
	}

	function translate(source, flags) {
		var key = flags + '/' + source, t = cache[key], names, i, any;
		if (t !== undefined)
			return t;
		t = N.regexpTranslate(source, flags);
		names = t.names;
		any = false;
		for (i = 0; names && i < names.length; i++)
			if (names[i] != null)
				any = true;
		t = { source: String(t.source), flags: String(t.flags),
		    names: any ? names.slice() : null };
		if (cacheCount++ > 500) {
			cache = Object.create(null);
			cacheCount = 0;
		}
		cache[key] = t;
		return t;
	}

	var XRegExpPrototype = Object.create(RP);

	/* __cm.re(source, flags): a regex literal or RegExp(source, flags). */
	function re(source, flags) {
		var f, t, r, inner, fl;
		source = String(source);
		f = flags === undefined ? '' : String(flags);
		if (/^[gim]*$/.test(f)) {
			try {
				return new NR(source, f);
			} catch (e) {
				/* fall through to the translator */
			}
		}
		f = canonicalFlags(f);
		t = translate(source, f);
		fl = t.flags.replace('g', '');
		r = new NR(t.source, (f.indexOf('g') >= 0 ? 'g' : '') + fl);
		inner = new NR(t.source, 'g' + fl);
		Object.setPrototypeOf(r, XRegExpPrototype);
		Object.defineProperty(r, META, { value: new Meta(source, f, t.names,
		    inner) });
		return r;
	}

	function isRegExp(x) {
		return x !== null && typeof x === 'object' &&
		    (x instanceof NR || Object.prototype.toString.call(x) === '[object RegExp]');
	}

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

	/* RegExpBuiltinExec for translated regexes. */
	function xexec(rx, m, s) {
		var li, r, inner = m.inner, groups, i, names, ind, pos, g;
		li = (m.global || m.sticky) ? toLength(rx.lastIndex) : 0;
		if (li > s.length) {
			if (m.global || m.sticky)
				rx.lastIndex = 0;
			return null;
		}
		inner.lastIndex = li;
		r = nativeExec.call(inner, s);
		if (r === null || (m.sticky && r.index !== li)) {
			if (m.global || m.sticky)
				rx.lastIndex = 0;
			return null;
		}
		if (m.global || m.sticky)
			rx.lastIndex = r.index + r[0].length;
		names = m.names;
		groups = undefined;
		if (names !== null) {
			groups = Object.create(null);
			for (i = 0; i < names.length; i++)
				if (names[i] != null)
					groups[names[i]] = r[i + 1];
		}
		r.groups = groups;
		if (m.hasIndices) {
			ind = [[r.index, r.index + r[0].length]];
			pos = r.index;
			for (i = 1; i < r.length; i++) {
				if (r[i] === undefined) {
					ind.push(undefined);
					continue;
				}
				g = s.indexOf(r[i], pos);
				if (g < 0 || g > r.index + r[0].length)
					g = r.index;
				ind.push([g, g + r[i].length]);
			}
			if (names !== null) {
				ind.groups = Object.create(null);
				for (i = 0; i < names.length; i++)
					if (names[i] != null)
						ind.groups[names[i]] = ind[i + 1];
			} else {
				ind.groups = undefined;
			}
			r.indices = ind;
		}
		return r;
	}

	function metaOf(x) {
		return x !== null && typeof x === 'object' ? x[META] : undefined;
	}

	P.defs(XRegExpPrototype, {
		exec: function exec(s) {
			var m = metaOf(this);
			if (m === undefined)
				return nativeExec.call(this, s);
			return xexec(this, m, String(s));
		},
		test: function test(s) {
			var m = metaOf(this);
			if (m === undefined)
				return nativeTest.call(this, s);
			return xexec(this, m, String(s)) !== null;
		},
		toString: function toString() {
			return '/' + this.source + '/' + this.flags;
		}
	});

	/* Getters on RegExp.prototype that know about translated regexes. */
	function flagGetter(name, nativeGet) {
		Object.defineProperty(RP, name, { get: function () {
			var m = metaOf(this);
			if (m !== undefined)
				return m[name];
			if (this === RP)
				return undefined;
			return nativeGet ? nativeGet.call(this) : false;
		}, enumerable: false, configurable: true });
	}
	flagGetter('global', nativeGlobalGet);
	flagGetter('ignoreCase', nativeIgnoreCaseGet);
	flagGetter('multiline', nativeMultilineGet);
	flagGetter('sticky', null);
	flagGetter('unicode', null);
	flagGetter('dotAll', null);
	flagGetter('hasIndices', null);
	flagGetter('unicodeSets', null);
	Object.defineProperty(RP, 'source', { get: function () {
		var m = metaOf(this);
		if (m !== undefined)
			return m.source === '' ? '(?:)' : m.source;
		if (this === RP)
			return '(?:)';
		return nativeSourceGet.call(this);
	}, enumerable: false, configurable: true });
	Object.defineProperty(RP, 'flags', { get: function () {
		var m = metaOf(this);
		if (m !== undefined)
			return m.flags;
		if (this === RP)
			return '';
		return nativeFlagsGet.call(this);
	}, enumerable: false, configurable: true });

	/* The RegExp constructor. */
	function RegExp(pattern, flags) {
		var src, m;
		if (isRegExp(pattern)) {
			if (!(this instanceof RegExp) && flags === undefined &&
			    pattern.constructor === RegExp)
				return pattern;
			m = metaOf(pattern);
			src = m !== undefined ? m.source : pattern.source;
			if (flags === undefined)
				flags = pattern.flags;
		} else {
			src = pattern === undefined ? '' : String(pattern);
		}
		return re(src, flags);
	}
	RegExp.prototype = RP;
	P.def(RP, 'constructor', RegExp);
	P.setLength(RegExp, 2);
	P.def(G, 'RegExp', RegExp);

	/* ---- String methods with translated regexes ---- */

	/* GetSubstitution with $<name> and $1..$99. */
	function substitute(matched, s, pos, caps, groups, repl) {
		var r = '', i, c, n = repl.length, d, d2, num, close, name, v;
		var m = caps.length;
		if (repl.indexOf('$') < 0)
			return repl;
		for (i = 0; i < n; i++) {
			c = repl.charAt(i);
			if (c !== '$' || i + 1 >= n) {
				r += c;
				continue;
			}
			c = repl.charAt(i + 1);
			if (c === '$') {
				r += '$';
				i++;
			} else if (c === '&') {
				r += matched;
				i++;
			} else if (c === '`') {
				r += s.substring(0, pos);
				i++;
			} else if (c === "'") {
				r += s.substring(pos + matched.length);
				i++;
			} else if (c >= '0' && c <= '9') {
				d = c.charCodeAt(0) - 48;
				d2 = i + 2 < n ? repl.charCodeAt(i + 2) - 48 : -1;
				if (d2 >= 0 && d2 <= 9 && d * 10 + d2 >= 1 &&
				    d * 10 + d2 <= m) {
					num = d * 10 + d2;
					i += 2;
				} else if (d >= 1 && d <= m) {
					num = d;
					i += 1;
				} else {
					r += '$';
					continue;
				}
				v = caps[num - 1];
				r += v === undefined ? '' : String(v);
			} else if (c === '<' && groups !== undefined) {
				close = repl.indexOf('>', i + 2);
				if (close < 0) {
					r += '$';
					continue;
				}
				name = repl.substring(i + 2, close);
				v = groups[name];
				r += v === undefined ? '' : String(v);
				i = close;
			} else {
				r += '$';
			}
		}
		return r;
	}

	function allMatches(rx, m, s) {
		var list = [], r;
		if (!m.global)
			return (r = xexec(rx, m, s)) === null ? list : [r];
		rx.lastIndex = 0;
		for (;;) {
			r = xexec(rx, m, s);
			if (r === null)
				return list;
			list.push(r);
			if (r[0] === '')
				rx.lastIndex = advance(s, toLength(rx.lastIndex),
				    m.unicode);
		}
	}

	function xreplace(rx, m, s, replace) {
		var list = allMatches(rx, m, s), fn = typeof replace === 'function';
		var out = '', next = 0, i, r, caps, j, args, rep, pos;
		if (!fn)
			replace = String(replace);
		for (i = 0; i < list.length; i++) {
			r = list[i];
			pos = r.index;
			caps = [];
			for (j = 1; j < r.length; j++)
				caps.push(r[j]);
			if (fn) {
				args = [r[0]].concat(caps, [pos, s]);
				if (r.groups !== undefined)
					args.push(r.groups);
				rep = String(replace.apply(undefined, args));
			} else {
				rep = substitute(r[0], s, pos, caps, r.groups, replace);
			}
			if (pos >= next) {
				out += s.substring(next, pos) + rep;
				next = pos + r[0].length;
			}
		}
		return out + s.substring(next);
	}

	/* Used by replaceAll (28_string.js) for regex arguments. */
	P.regexpReplace = function (rx, s, replace) {
		var m = metaOf(rx);
		if (m === undefined)
			return nativeReplace.call(s, rx, replace);
		return xreplace(rx, m, s, replace);
	};
	P.isRegExp = isRegExp;

	/* %RegExpStringIteratorPrototype% */
	var RI_R = P.hidden('RegExpIterRx'), RI_S = P.hidden('RegExpIterStr'),
	    RI_D = P.hidden('RegExpIterDone');
	function RegExpStringIter(rx, s) {
		this[RI_R] = rx;
		this[RI_S] = s;
		this[RI_D] = false;
	}
	RegExpStringIter.prototype = Object.create(P.IteratorPrototype);
	P.def(RegExpStringIter.prototype, 'next', function next() {
		var rx = this[RI_R], s = this[RI_S], r, m;
		if (rx === undefined)
			throw new TypeError('next method called on incompatible receiver ' +
			    describe(this));
		if (this[RI_D])
			return { value: undefined, done: true };
		r = rx.exec(s);
		if (r === null) {
			this[RI_D] = true;
			return { value: undefined, done: true };
		}
		if (r[0] === '') {
			m = metaOf(rx);
			rx.lastIndex = advance(s, toLength(rx.lastIndex),
			    m !== undefined && m.unicode);
		}
		return { value: r, done: false };
	});
	Object.defineProperty(RegExpStringIter.prototype, Symbol.toStringTag,
	    { value: 'RegExp String Iterator', configurable: true });

	P.regexpMatchAll = function (rx, s) {
		var m = metaOf(rx), clone;
		clone = re(m !== undefined ? m.source : rx.source, rx.flags);
		clone.lastIndex = toLength(rx.lastIndex);
		return new RegExpStringIter(clone, s);
	};

	P.defs(SP, {
		replace: function replace(pattern, replacement) {
			var m = metaOf(pattern);
			if (m === undefined)
				return nativeReplace.call(this, pattern, replacement);
			if (this == null)
				throw new TypeError('String.prototype.replace called on null or undefined');
			return xreplace(pattern, m, String(this), replacement);
		},
		match: function match(pattern) {
			var m = metaOf(pattern), list, r, i;
			if (m === undefined && typeof pattern === 'string') {
				/* new RegExp(pattern) may need the translator */
				pattern = re(pattern, undefined);
				m = metaOf(pattern);
			}
			if (m === undefined)
				return nativeMatch.call(this, pattern);
			if (this == null)
				throw new TypeError('String.prototype.match called on null or undefined');
			if (!m.global)
				return xexec(pattern, m, String(this));
			list = allMatches(pattern, m, String(this));
			if (list.length === 0)
				return null;
			r = [];
			for (i = 0; i < list.length; i++)
				r.push(list[i][0]);
			return r;
		},
		search: function search(pattern) {
			var m = metaOf(pattern), li, r;
			if (m === undefined && typeof pattern === 'string') {
				pattern = re(pattern, undefined);
				m = metaOf(pattern);
			}
			if (m === undefined)
				return nativeSearch.call(this, pattern);
			li = pattern.lastIndex;
			pattern.lastIndex = 0;
			r = xexec(pattern, m, String(this));
			pattern.lastIndex = li;
			return r === null ? -1 : r.index;
		},
		split: function split(sep, limit) {
			var m = metaOf(sep);
			if (m === undefined)
				return nativeSplit.call(this, sep, limit);
			/* The native split on the translated pattern gives the
			 * same pieces; sticky is ignored by split anyway. */
			return nativeSplit.call(this, m.inner, limit);
		}
	}, { replace: 2, match: 1, search: 1, split: 2 });

	cm.re = re;
})(this);

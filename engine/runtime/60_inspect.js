/*
 * 60_inspect.js (lazy group `console`): the console object and the value
 * formatter behind it: P.inspect, a subset of node's util.inspect, and
 * P.formatArgs, the Console Standard's formatter.  Lines go to the capture
 * buffer or sink of 60_console.js, which stays in the core.
 */
this.__cm.P.group('console', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var Uint8Array = P.TA.Uint8Array, ArrayBuffer = P.TA.ArrayBuffer,
	    DataView = P.TA.DataView;
	/*
	 * Intrinsics captured by 60_console.js before guest code ran: a guest
	 * that replaced Array.prototype.join, String, Math.max... must not
	 * change how a line is composed.  Methods of the guest's own values
	 * (a Map's forEach, a boxed primitive's valueOf, a Date's) are still
	 * the value's, as node's console would call them.
	 */
	var I = P.CI;
	var hasOwn = I.hasOwn, getProto = I.getPrototypeOf;
	var gopd = I.getOwnPropertyDescriptor, String_ = I.String;
	var isBigInt = P.isBigInt;
	var push = I.push, join = I.join, sIndexOf = I.sIndexOf;

	function symStr(k) {
		return I.symToString !== null ? I.symToString(k) : String_(k);
	}

	var IDENT = /^[A-Za-z_][A-Za-z_0-9]*$/;

	function quote(s) {
		var q = "'";
		if (sIndexOf(s, "'") >= 0) {
			if (sIndexOf(s, '"') < 0)
				q = '"';
			else if (sIndexOf(s, '`') < 0)
				q = '`';
		}
		var out = '', i, c, h;
		for (i = 0; i < s.length; i++) {
			c = I.charAt(s, i);
			h = I.charCodeAt(s, i);
			if (c === q || c === '\\')
				out += '\\' + c;
			else if (c === '\n')
				out += '\\n';
			else if (c === '\t')
				out += '\\t';
			else if (c === '\r')
				out += '\\r';
			else if (c === '\b')
				out += '\\b';
			else if (c === '\f')
				out += '\\f';
			else if (c === '\v')
				out += '\\v';
			else if (h < 0x20 || h === 0x7f)
				out += '\\x' + (h < 16 ? '0' : '') +
				    I.toUpperCase(I.numToString(h, 16));
			else
				out += c;
		}
		return q + out + q;
	}

	function fmtNumber(n) {
		return n === 0 && 1 / n < 0 ? '-0' : String_(n);
	}

	function fmtKey(k) {
		if (typeof k === 'symbol')
			return '[' + symStr(k) + ']';
		return I.reTest(IDENT, k) ? k : quote(k);
	}

	function ctorName(o) {
		var p = o, d;
		while (p !== null) {
			d = gopd(p, 'constructor');
			if (d && typeof d.value === 'function' && d.value.name)
				return d.value.name;
			p = getProto(p);
		}
		return null;
	}

	function fnName(f) {
		var n = f.name;
		return typeof n === 'string' && n !== '' ? n : null;
	}

	function isBelow(out, start) {
		var total = out.length + start, i;
		if (total + out.length > 80)
			return false;
		for (i = 0; i < out.length; i++) {
			total += out[i].length;
			if (total > 80)
				return false;
		}
		return true;
	}

	/* ctx: {seen: [], indent: n, depth: n (levels below), circ: []} */
	function reduce(ctx, out, base, open, close) {
		var start, ind, j;
		if (out.length === 0)
			return (base ? base + ' ' : '') + open + close;
		start = out.length + ctx.indent + open.length + base.length + 10;
		if (out.grouped !== true && isBelow(out, start)) {
			j = join(out, ', ');
			if (sIndexOf(j, '\n') < 0)
				return (base ? base + ' ' : '') + open + ' ' + j + ' ' +
				    close;
		}
		ind = '\n' + join(new I.Array(ctx.indent + 1), ' ');
		return (base ? base + ' ' : '') + open + ind + '  ' +
		    join(out, ',' + ind + '  ') + ind + close;
	}

	function prop(ctx, o, k, depth, arrayIdx) {
		var d = gopd(o, k), v;
		if (d === undefined)
			return null;
		if (d.get || d.set)
			v = d.get ? (d.set ? '[Getter/Setter]' : '[Getter]') :
			    '[Setter]';
		else
			v = fmt(ctx, d.value, depth + 1, true);
		return arrayIdx ? v : fmtKey(k) + ': ' + v;
	}

	function ownKeys(o, skipIndices) {
		var ks = I.keys(o), r = [], i, syms;
		for (i = 0; i < ks.length; i++)
			if (!(skipIndices && I.reTest(/^(0|[1-9][0-9]*)$/, ks[i]) &&
			    +ks[i] < 4294967295))
				push(r, ks[i]);
		syms = I.getOwnPropertySymbols(o);
		for (i = 0; i < syms.length; i++)
			if (I.isEnum(o, syms[i]))
				push(r, syms[i]);
		return r;
	}

	function fmtError(e) {
		var n, m;
		try {
			n = e.name;
			m = e.message;
		} catch (x) {
			return '[Error]';
		}
		n = n === undefined ? 'Error' : String_(n);
		m = m === undefined ? '' : String_(m);
		return m ? n + ': ' + m : n;
	}

	function fmt(ctx, v, depth, nested) {
		var t = typeof v;
		if (v === null)
			return 'null';
		if (t === 'undefined')
			return 'undefined';
		if (t === 'string')
			return nested ? quote(v) : v;
		if (t === 'number')
			return fmtNumber(v);
		if (t === 'boolean')
			return String_(v);
		if (t === 'symbol')
			return symStr(v);
		if (isBigInt(v))
			return P.bigDecimal(v) + 'n';
		return fmtObject(ctx, v, depth);
	}

	function hexByte(b) {
		return (b < 16 ? '0' : '') + I.numToString(b, 16);
	}

	/*
	 * Later prelude files register views of their platform objects, as
	 * node's custom inspectors: hook(o) returns null or {name, props:
	 * [[key, value]...]} or {name, pairs: [[k, v]...]} (shown as k => v).
	 */
	var hooks = P.inspectHooks;
	function custom(o) {
		var i, r;
		for (i = 0; i < hooks.length; i++) {
			r = hooks[i](o);
			if (r)
				return r;
		}
		return null;
	}

	function fmtCustom(ctx, o, c, depth) {
		var out = [], i, r;
		if (depth > 2)
			return '[' + c.name + ']';
		push(ctx.seen, o);
		ctx.indent += 2;
		if (c.pairs)
			for (i = 0; i < c.pairs.length; i++)
				push(out, fmt(ctx, c.pairs[i][0], depth + 1, true) + ' => ' +
				    fmt(ctx, c.pairs[i][1], depth + 1, true));
		else
			for (i = 0; i < c.props.length; i++)
				push(out, fmtKey(c.props[i][0]) + ': ' +
				    fmt(ctx, c.props[i][1], depth + 1, true));
		I.pop(ctx.seen);
		ctx.indent -= 2;
		r = reduce(ctx, out, c.name, '{', '}');
		return r;
	}

	function fmtObject(ctx, o, depth) {
		var tag = I.sSlice(I.objToString(o), 8, -1);
		var i, out = [], keys, base = '', open = '{', close = '}', name;
		var r, idx, extra, n, proto, isArr;

		idx = I.indexOf(ctx.seen, o);
		if (idx >= 0) {
			n = I.indexOf(ctx.circ, o);
			if (n < 0) {
				push(ctx.circ, o);
				n = ctx.circ.length - 1;
			}
			return '[Circular *' + (n + 1) + ']';
		}
		if (hooks.length > 0 && (r = custom(o)) !== null)
			return fmtCustom(ctx, o, r, depth);
		if (typeof o === 'function') {
			name = fnName(o);
			base = '[Function' + (name ? ': ' + name : ' (anonymous)') +
			    ']';
			keys = ownKeys(o, false);
			if (keys.length === 0)
				return base;
		} else if (tag === 'Error' || o instanceof G.Error) {
			/* No V8 stack to show: the first line of one, bracketed
			 * when nested as node does for a stackless error. */
			return depth === 0 ? fmtError(o) : '[' + fmtError(o) + ']';
		} else if (tag === 'Date') {
			return I.isNaN(o.getTime()) ? 'Invalid Date' : o.toISOString();
		} else if (tag === 'RegExp') {
			return String_(o);
		}
		if (depth > 2) {
			if (I.isArray(o))
				return '[Array]';
			name = ctorName(o);
			return '[' + (name || 'Object') + ']';
		}
		push(ctx.seen, o);
		ctx.indent += 2;
		isArr = I.isArray(o);
		proto = typeof o === 'function' ? null : getProto(o);
		name = typeof o === 'function' ? null : ctorName(o);
		if (isArr) {
			open = '[';
			close = ']';
			n = 0;
			for (i = 0; i < o.length; i++) {
				if (!hasOwn(o, i)) {
					n++;
					continue;
				}
				if (n > 0) {
					push(out, '<' + n + ' empty item' + (n > 1 ? 's' : '') +
					    '>');
					n = 0;
				}
				if (out.length >= 100) {
					extra = o.length - i;
					break;
				}
				push(out, prop(ctx, o, String_(i), depth, true));
			}
			if (n > 0)
				push(out, '<' + n + ' empty item' + (n > 1 ? 's' : '') + '>');
			if (extra)
				push(out, '... ' + extra + ' more item' +
				    (extra > 1 ? 's' : ''));
			keys = ownKeys(o, true);
			if (name !== 'Array')
				base = (name || '[Array: null prototype]') +
				    '(' + o.length + ')';
		} else if (P.isMap && P.isMap(o)) {
			base = (name || 'Map') + '(' + o.size + ')';
			o.forEach(function (v, k) {
				push(out, fmt(ctx, k, depth + 1, true) + ' => ' +
				    fmt(ctx, v, depth + 1, true));
			});
			keys = ownKeys(o, false);
		} else if (P.isSet && P.isSet(o)) {
			base = (name || 'Set') + '(' + o.size + ')';
			o.forEach(function (v) {
				push(out, fmt(ctx, v, depth + 1, true));
			});
			keys = ownKeys(o, false);
		} else if (ArrayBuffer.isView(o) && !(o instanceof DataView)) {
			open = '[';
			close = ']';
			base = (name || tag) + '(' + o.length + ')';
			for (i = 0; i < o.length && i < 100; i++)
				push(out, fmtNumber(o[i]));
			if (o.length > 100)
				push(out, '... ' + (o.length - 100) + ' more item' +
				    (o.length - 100 > 1 ? 's' : ''));
			keys = [];
		} else if (tag === 'ArrayBuffer') {
			var u = new Uint8Array(o), hx = [];
			for (i = 0; i < u.length && i < 50; i++)
				push(hx, hexByte(u[i]));
			base = name || 'ArrayBuffer';
			push(out, '[Uint8Contents]: <' + join(hx, ' ') +
			    (u.length > 50 ? ' ... ' + (u.length - 50) + ' more bytes' :
			    '') + '>');
			push(out, 'byteLength: ' + u.length);
			keys = [];
		} else if (P.isPromise && P.isPromise(o)) {
			base = 'Promise';
			r = o[P.PS];
			if (r === 0)
				push(out, '<pending>');
			else if (r === 1)
				push(out, fmt(ctx, o[P.PV], depth + 1, true));
			else
				push(out, '<rejected> ' + fmt(ctx, o[P.PV], depth + 1,
				    true));
			keys = ownKeys(o, false);
		} else if (tag === 'Number' || tag === 'String' ||
		    tag === 'Boolean') {
			base = '[' + tag + ': ' + fmt(ctx, o.valueOf(), depth, true) +
			    ']';
			keys = ownKeys(o, tag === 'String');
			if (keys.length === 0) {
				I.pop(ctx.seen);
				ctx.indent -= 2;
				return base;
			}
		} else {
			keys = ownKeys(o, false);
			if (typeof o === 'function') {
				/* base already set */
			} else if (proto === null)
				base = '[Object: null prototype]';
			else if (name !== 'Object')
				base = name || (tag !== 'Object' ? tag : '');
			if (tag !== 'Object' && tag !== 'Function' &&
			    base !== tag && name !== null && sIndexOf(base, tag) < 0)
				base = base + ' [' + tag + ']';
		}
		for (i = 0; i < keys.length; i++) {
			r = prop(ctx, o, keys[i], depth, false);
			if (r !== null)
				push(out, r);
		}
		I.pop(ctx.seen);
		ctx.indent -= 2;
		if (open === '[' && out.length > 6)
			out = group(ctx, out, o, extra ? 1 : 0);
		r = reduce(ctx, out, base, open, close);
		if (ctx.seen.length === 0 && ctx.circ.length > 0 &&
		    ctx.circ[0] === o)
			r = '<ref *1> ' + r;
		return r;
	}

	function pad(s, n, atStart) {
		while (s.length < n)
			s = atStart ? ' ' + s : s + ' ';
		return s;
	}

	/* node's groupArrayElements: more than six short entries go in columns. */
	function group(ctx, out, value, more) {
		var total = 0, maxLen = 0, i, j, n = out.length - more, lens = [];
		var actual, bias, biased, cols, tmp = [], lineMax = [], numeric = true;
		var len, str, max;
		for (i = 0; i < n; i++) {
			len = out[i].length;
			lens[i] = len;
			total += len + 2;
			if (maxLen < len)
				maxLen = len;
		}
		actual = maxLen + 2;
		if (!(actual * 3 + ctx.indent < 80 &&
		    (total / actual > 5 || maxLen <= 6)))
			return out;
		bias = I.sqrt(actual - total / out.length);
		biased = I.max(actual - 3 - bias, 1);
		cols = I.min(I.round(I.sqrt(2.5 * biased * n) / biased),
		    I.floor((80 - ctx.indent) / actual), 12, 15);
		if (cols <= 1)
			return out;
		for (i = 0; i < cols; i++) {
			len = 0;
			for (j = i; j < out.length; j += cols)
				if (lens[j] > len)
					len = lens[j];
			push(lineMax, len + 2);
		}
		for (i = 0; i < out.length; i++)
			if (typeof value[i] !== 'number') {
				numeric = false;
				break;
			}
		for (i = 0; i < n; i += cols) {
			max = I.min(i + cols, n);
			str = '';
			for (j = i; j < max - 1; j++)
				str += pad(out[j] + ', ', lineMax[j - i], numeric);
			if (numeric)
				str += pad(out[j], lineMax[j - i] - 2, true);
			else
				str += out[j];
			push(tmp, str);
		}
		if (more)
			push(tmp, out[n]);
		tmp.grouped = true;
		return tmp;
	}

	function inspect(v) {
		return fmt({ seen: [], indent: 0, circ: [] }, v, 0, true);
	}
	P.inspect = inspect;

	/*
	 * s with each %X (X one of sdifoOjc%) replaced by each(m, X), scanned
	 * here: String.prototype.replace is the prelude's own (40_regexp.js),
	 * written in JS over methods guest code can replace.
	 */
	function directives(s, each) {
		var out = '', i, c, n = s.length;
		for (i = 0; i < n; i++) {
			c = I.charAt(s, i);
			if (c === '%' && i + 1 < n &&
			    sIndexOf('sdifoOjc%', I.charAt(s, i + 1)) >= 0) {
				c = I.charAt(s, ++i);
				out += each('%' + c, c);
			} else {
				out += c;
			}
		}
		return out;
	}

	/* The Console Standard's Formatter for %s %d %i %f %o %O %j %c %%. */
	function formatArgs(args) {
		var parts = [], i = 0, first, out, a;
		if (args.length === 0)
			return '';
		first = args[0];
		if (typeof first === 'string' && sIndexOf(first, '%') >= 0 &&
		    args.length > 1) {
			i = 1;
			out = directives(first, function (m, c) {
				if (c === '%')
					return '%';
				if (i >= args.length)
					return m;
				a = args[i++];
				switch (c) {
				case 's':
					return typeof a === 'string' ? a :
					    (typeof a === 'object' && a !== null ?
					    inspect(a) : fmt({ seen: [], indent: 0, circ: [] },
					    a, 0, false));
				case 'd':
				case 'i':
					if (typeof a === 'object' && a !== null)
						return 'NaN';
					a = I.Number(a);
					return fmtNumber(c === 'i' ? (a < 0 ? I.ceil(a) :
					    I.floor(a)) : a);
				case 'f':
					return fmtNumber(I.parseFloat(a));
				case 'j':
					try {
						return I.stringify(a);
					} catch (e) {
						return '[Circular]';
					}
				case 'c':
					return '';
				default:
					return inspect(a);
				}
			});
			push(parts, out);
		} else {
			push(parts, fmt({ seen: [], indent: 0, circ: [] }, first, 0,
			    false));
			i = 1;
		}
		for (; i < args.length; i++)
			push(parts, fmt({ seen: [], indent: 0, circ: [] }, args[i], 0,
			    false));
		return join(parts, ' ');
	}
	P.formatArgs = formatArgs;

	/* --- the console namespace -------------------------------------------- */

	function line(level) {
		return function () {
			P.consoleEmit(level, formatArgs(arguments));
		};
	}

	var console = {};
	var methods = {
		log: line('log'),
		warn: line('warn'),
		error: line('error')
	};
	var silent = ['assert', 'clear', 'count', 'countReset', 'debug', 'dir',
	    'dirxml', 'group', 'groupCollapsed', 'groupEnd', 'info', 'profile',
	    'profileEnd', 'table', 'time', 'timeEnd', 'timeLog', 'timeStamp',
	    'trace'];
	var k, i, f;
	for (k in methods) {
		if (hasOwn(methods, k)) {
			P.setName(methods[k], k);
			P.setLength(methods[k], 0);
			Object.defineProperty(console, k, { value: methods[k],
			    writable: true, enumerable: true, configurable: true });
		}
	}
	for (i = 0; i < silent.length; i++) {
		f = (function (name) {
			if (name !== 'info' && name !== 'debug' && name !== 'trace')
				return function () {
				};
			return function () {
				P.consoleExtra(name, arguments);
			};
		})(silent[i]);
		P.setName(f, silent[i]);
		P.setLength(f, 0);
		Object.defineProperty(console, silent[i], { value: f,
		    writable: true, enumerable: true, configurable: true });
	}
	Object.defineProperty(console, Symbol.toStringTag, { value: 'console',
	    writable: false, enumerable: false, configurable: true });
	P.defGlobal('console', console);
});

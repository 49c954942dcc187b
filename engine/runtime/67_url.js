/*
 * 67_url.js: URL and URLSearchParams (URL Standard) over the parser of
 * 66_url_parse.js, with the application/x-www-form-urlencoded parser and
 * serializer, the live link between a URL and its searchParams, URL.canParse
 * and URL.parse.  Lazy group `url`.
 */
this.__cm.P.group('url', function (G, P) {
	'use strict';
	var hasOwn = Object.prototype.hasOwnProperty;
	var FAIL = P.url.FAIL, parse = P.url.parse, serialize = P.url.serialize;
	var serializePath = P.url.serializePath, copy = P.url.copy;
	var pct = P.url.pct, pdecode = P.url.pdecode;
	var userinfoSet = P.url.userinfoSet, formSet = P.url.formSet;

	/* --- URLSearchParams --------------------------------------------------- */

	function formParse(s) {
		var list = [], seqs = s.split('&'), i, eq, name, value;
		for (i = 0; i < seqs.length; i++) {
			if (seqs[i] === '')
				continue;
			eq = seqs[i].indexOf('=');
			name = eq < 0 ? seqs[i] : seqs[i].slice(0, eq);
			value = eq < 0 ? '' : seqs[i].slice(eq + 1);
			list.push([pdecode(name.replace(/\+/g, ' ')),
			    pdecode(value.replace(/\+/g, ' '))]);
		}
		return list;
	}
	/* USVString conversion: lone surrogates become U+FFFD. */
	function usv(s) {
		var out = '', i, c, d, start = 0;
		s = String(s);
		for (i = 0; i < s.length; i++) {
			c = s.charCodeAt(i);
			if (c < 0xd800 || c > 0xdfff)
				continue;
			d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
			if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
				i++;
				continue;
			}
			out += s.slice(start, i) + '\ufffd';
			start = i + 1;
		}
		return start === 0 ? s : out + s.slice(start);
	}
	P.usv = usv;
	function formSerialize(list) {
		var out = [], i;
		for (i = 0; i < list.length; i++)
			out.push(pct(list[i][0], formSet, true) + '=' +
			    pct(list[i][1], formSet, true));
		return out.join('&');
	}

	var SP = P.hidden('URLSearchParams');
	function URLSearchParams(init) {
		var list = [], it, next, v, pair, k, keys, i;
		P.requireNew(this, URLSearchParams, 'URLSearchParams');
		if (init instanceof URLSearchParams)
			list = init[SP].list.map(function (e) {
				return [e[0], e[1]];
			});
		else if (P.isObject(init) && typeof init[Symbol.iterator] ===
		    'function') {
			it = P.getIterator(init);
			next = it.next;
			while ((v = P.stepValue(it, next)) !== P.DONE) {
				if (!P.isObject(v))
					throw new TypeError('Each query pair must be an ' +
					    'iterable [name, value] tuple');
				pair = P.iterList(v);
				if (pair.length !== 2)
					throw new TypeError('Each query pair must be an ' +
					    'iterable [name, value] tuple');
				list.push([usv(pair[0]), usv(pair[1])]);
			}
		} else if (P.isObject(init)) {
			keys = Object.keys(init);
			for (i = 0; i < keys.length; i++) {
				k = keys[i];
				list.push([usv(k), usv(init[k])]);
			}
		} else if (init !== undefined && init !== null) {
			init = usv(init);
			if (init.charAt(0) === '?')
				init = init.slice(1);
			list = formParse(init);
		} else if (init === null)
			list = formParse('null');
		this[SP] = { list: list, url: null };
	}
	function sp(self) {
		if (!P.isObject(self) || !(SP in self))
			throw new TypeError('Value of "this" must be of type ' +
			    'URLSearchParams');
		return self[SP];
	}
	function spUpdate(s) {
		var q;
		if (!s.url)
			return;
		q = formSerialize(s.list);
		s.url.query = q === '' ? null : q;
	}
	function need(n, args, names) {
		if (args.length < n)
			throw new TypeError('The "' + names + '" argument must be ' +
			    'specified');
	}
	P.defs(URLSearchParams.prototype, {
		append: function append(name, value) {
			var s = sp(this);
			need(2, arguments, 'name" and "value');
			s.list.push([usv(name), usv(value)]);
			spUpdate(s);
		},
		'delete': function delete_(name, value) {
			var s = sp(this), i;
			need(1, arguments, 'name');
			name = usv(name);
			if (value !== undefined)
				value = usv(value);
			for (i = s.list.length - 1; i >= 0; i--)
				if (s.list[i][0] === name && (value === undefined ||
				    s.list[i][1] === value))
					s.list.splice(i, 1);
			spUpdate(s);
		},
		get: function get(name) {
			var s = sp(this), i;
			need(1, arguments, 'name');
			name = usv(name);
			for (i = 0; i < s.list.length; i++)
				if (s.list[i][0] === name)
					return s.list[i][1];
			return null;
		},
		getAll: function getAll(name) {
			var s = sp(this), i, out = [];
			need(1, arguments, 'name');
			name = usv(name);
			for (i = 0; i < s.list.length; i++)
				if (s.list[i][0] === name)
					out.push(s.list[i][1]);
			return out;
		},
		has: function has(name, value) {
			var s = sp(this), i;
			need(1, arguments, 'name');
			name = usv(name);
			if (value !== undefined)
				value = usv(value);
			for (i = 0; i < s.list.length; i++)
				if (s.list[i][0] === name && (value === undefined ||
				    s.list[i][1] === value))
					return true;
			return false;
		},
		set: function set(name, value) {
			var s = sp(this), i, found = false;
			need(2, arguments, 'name" and "value');
			name = usv(name);
			value = usv(value);
			for (i = 0; i < s.list.length; i++) {
				if (s.list[i][0] !== name)
					continue;
				if (found) {
					s.list.splice(i--, 1);
				} else {
					s.list[i][1] = value;
					found = true;
				}
			}
			if (!found)
				s.list.push([name, value]);
			spUpdate(s);
		},
		sort: function sort() {
			var s = sp(this), l = s.list, i;
			/* stable, by UTF-16 code units */
			for (i = 0; i < l.length; i++)
				l[i].push(i);
			l.sort(function (a, b) {
				return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2];
			});
			for (i = 0; i < l.length; i++)
				l[i].pop();
			spUpdate(s);
		},
		forEach: function forEach(cb, thisArg) {
			var s = sp(this), i;
			if (typeof cb !== 'function')
				throw new TypeError('The "callback" argument must be of ' +
				    'type function');
			for (i = 0; i < s.list.length; i++)
				cb.call(thisArg, s.list[i][1], s.list[i][0], this);
		},
		keys: function keys() {
			return P.listIter(sp(this).list, 'key');
		},
		values: function values() {
			return P.listIter(sp(this).list, 'value');
		},
		entries: function entries() {
			return P.listIter(sp(this).list, 'entries');
		},
		toString: function toString() {
			return formSerialize(sp(this).list);
		}
	}, { append: 2, 'delete': 1, get: 1, getAll: 1, has: 1, set: 2,
	    forEach: 1 });
	P.def(URLSearchParams.prototype, Symbol.iterator,
	    URLSearchParams.prototype.entries);
	P.getter(URLSearchParams.prototype, 'size', function () {
		return sp(this).list.length;
	});
	P.setName(URLSearchParams.prototype['delete'], 'delete');
	P.tag(URLSearchParams, 'URLSearchParams');

	/*
	 * A live iterator over list (re-read on each next(), as the spec's
	 * value pairs to iterate over are): kind 'key', 'value' or 'entries'.
	 */
	var LIProto = Object.create(P.IteratorPrototype);
	var IL = P.hidden('ListIterList'), II = P.hidden('ListIterIndex'),
	    IK = P.hidden('ListIterKind');
	Object.defineProperty(LIProto, Symbol.toStringTag,
	    { value: 'URLSearchParams Iterator', configurable: true });
	P.def(LIProto, 'next', function next() {
		var i, l, e;
		if (!P.isObject(this) || !(IK in this))
			throw new TypeError('Illegal invocation');
		i = this[II];
		l = this[IL];
		if (l === null || i >= l.length) {
			this[IL] = null;
			return { value: undefined, done: true };
		}
		this[II] = i + 1;
		e = l[i];
		return { value: this[IK] === 'key' ? e[0] : this[IK] === 'value' ?
		    e[1] : [e[0], e[1]], done: false };
	});
	P.listIter = function listIter(list, kind) {
		var it = Object.create(LIProto);
		it[IL] = list;
		it[II] = 0;
		it[IK] = kind;
		return it;
	};

	/* --- URL --------------------------------------------------------------- */

	var U = P.hidden('URL');
	function baseOf(base) {
		var b;
		if (base === undefined)
			return null;
		b = parse(usv(base), null);
		if (b === FAIL)
			throw invalid(base);
		return b;
	}
	function invalid(input) {
		var e = new TypeError('Invalid URL');
		P.def(e, 'code', 'ERR_INVALID_URL');
		P.def(e, 'input', String(input));
		return e;
	}
	function URL(url, base) {
		var b, rec, q;
		P.requireNew(this, URL, 'URL');
		if (arguments.length === 0)
			throw new TypeError('The "url" argument must be specified');
		b = baseOf(base);
		rec = parse(usv(url), b);
		if (rec === FAIL)
			throw invalid(url);
		q = new URLSearchParams(rec.query === null ? '' : rec.query);
		q[SP].url = rec;
		this[U] = { rec: rec, params: q };
	}
	function us(self) {
		if (!P.isObject(self) || !(U in self))
			throw new TypeError('Value of "this" must be of type URL');
		return self[U];
	}
	function refreshParams(s) {
		s.params[SP].list = formParse(s.rec.query === null ? '' :
		    s.rec.query);
	}
	function origin(r) {
		var inner;
		if (r.scheme === 'blob') {
			inner = parse(serializePath(r), null);
			if (inner !== FAIL && (inner.scheme === 'http' ||
			    inner.scheme === 'https'))
				return origin(inner);
			return 'null';
		}
		if (r.scheme === 'ftp' || r.scheme === 'http' ||
		    r.scheme === 'https' || r.scheme === 'ws' || r.scheme === 'wss')
			return r.scheme + '://' + r.host +
			    (r.port !== null ? ':' + r.port : '');
		return 'null';
	}
	function cannotHaveCreds(r) {
		return r.host === null || r.host === '' || r.scheme === 'file';
	}
	var accessors = {
		href: [function (r) {
			return serialize(r);
		}, function (s, v) {
			var rec = parse(usv(v), null);
			if (rec === FAIL)
				throw invalid(v);
			s.rec = rec;
			s.params[SP].url = rec;
			refreshParams(s);
		}],
		origin: [origin, null],
		protocol: [function (r) {
			return r.scheme + ':';
		}, function (s, v) {
			parse(usv(v) + ':', null, s.rec, 'scheme start');
		}],
		username: [function (r) {
			return r.username;
		}, function (s, v) {
			if (!cannotHaveCreds(s.rec))
				s.rec.username = pct(usv(v), userinfoSet);
		}],
		password: [function (r) {
			return r.password;
		}, function (s, v) {
			if (!cannotHaveCreds(s.rec))
				s.rec.password = pct(usv(v), userinfoSet);
		}],
		host: [function (r) {
			if (r.host === null)
				return '';
			return r.port === null ? r.host : r.host + ':' + r.port;
		}, function (s, v) {
			if (s.rec.opaque)
				return;
			setWith(s, usv(v), 'host');
		}],
		hostname: [function (r) {
			return r.host === null ? '' : r.host;
		}, function (s, v) {
			if (s.rec.opaque)
				return;
			setWith(s, usv(v), 'hostname');
		}],
		port: [function (r) {
			return r.port === null ? '' : String(r.port);
		}, function (s, v) {
			var r = s.rec;
			v = usv(v);
			if (cannotHaveCreds(r))
				return;
			if (v === '')
				r.port = null;
			else
				setWith(s, v, 'port');
		}],
		pathname: [function (r) {
			return serializePath(r);
		}, function (s, v) {
			var t;
			if (s.rec.opaque)
				return;
			t = copy(s.rec);
			t.path = [];
			if (parse(usv(v), null, t, 'path start') !== FAIL)
				s.rec.path = t.path;
		}],
		search: [function (r) {
			return r.query === null || r.query === '' ? '' : '?' + r.query;
		}, function (s, v) {
			v = usv(v);
			if (v === '') {
				s.rec.query = null;
				s.params[SP].list = [];
				return;
			}
			if (v.charAt(0) === '?')
				v = v.slice(1);
			s.rec.query = '';
			parse(v, null, s.rec, 'query');
			refreshParams(s);
		}],
		hash: [function (r) {
			return r.fragment === null || r.fragment === '' ? '' :
			    '#' + r.fragment;
		}, function (s, v) {
			v = usv(v);
			if (v === '') {
				s.rec.fragment = null;
				return;
			}
			if (v.charAt(0) === '#')
				v = v.slice(1);
			s.rec.fragment = '';
			parse(v, null, s.rec, 'fragment');
		}]
	};
	/* A state-override parse on the record itself: as in the spec, what a
	 * failing override already changed (a host before a bad port) stays. */
	function setWith(s, v, state) {
		parse(v, null, s.rec, state);
	}
	function defAccessor(name, pair) {
		var d = { enumerable: true, configurable: true,
		    get: function () {
			return pair[0](us(this).rec);
		} };
		P.setName(d.get, 'get ' + name);
		if (pair[1])
			d.set = function (v) {
				pair[1](us(this), v);
			};
		Object.defineProperty(URL.prototype, name, d);
	}
	var name;
	for (name in accessors)
		if (hasOwn.call(accessors, name))
			defAccessor(name, accessors[name]);
	P.getter(URL.prototype, 'searchParams', function () {
		return us(this).params;
	});
	P.defs(URL.prototype, {
		toString: function toString() {
			return serialize(us(this).rec);
		},
		toJSON: function toJSON() {
			return serialize(us(this).rec);
		}
	});
	P.defs(URL, {
		canParse: function canParse(url, base) {
			var b = null;
			if (arguments.length === 0)
				throw new TypeError('The "url" argument must be specified');
			if (base !== undefined) {
				b = parse(usv(base), null);
				if (b === FAIL)
					return false;
			}
			return parse(usv(url), b) !== FAIL;
		},
		parse: function parse_(url, base) {
			try {
				return new URL(url, base);
			} catch (e) {
				return null;
			}
		}
	}, { canParse: 1, parse: 1 });
	P.tag(URL, 'URL');
	P.inspectHooks.push(function (o) {
		var s, props = [], names, i;
		if (!P.isObject(o))
			return null;
		if (SP in o && o instanceof URLSearchParams)
			return { name: 'URLSearchParams', pairs: o[SP].list };
		if (!(U in o) || !(o instanceof URL))
			return null;
		s = o[U];
		names = ['href', 'origin', 'protocol', 'username', 'password',
		    'host', 'hostname', 'port', 'pathname', 'search'];
		for (i = 0; i < names.length; i++)
			props.push([names[i], accessors[names[i]][0](s.rec)]);
		props.push(['searchParams', s.params]);
		props.push(['hash', accessors.hash[0](s.rec)]);
		return { name: 'URL', props: props };
	});
	P.setName(URL.parse, 'parse');
	P.setLength(URL, 1);
	P.defGlobal('URL', URL);
	P.defGlobal('URLSearchParams', URLSearchParams);
	P.urlParse = function (s, base) {
		var b = base ? parse(base, null) : null, r;
		if (b === FAIL)
			return null;
		r = parse(s, b);
		return r === FAIL ? null : serialize(r);
	};
	P.formParse = formParse;
	P.formSerialize = formSerialize;
	P.stripFragment = function (href) {
		var r = parse(href, null);
		return r === FAIL ? href : serialize(r, true);
	};
});

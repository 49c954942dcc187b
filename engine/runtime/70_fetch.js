/*
 * 70_fetch.js: Headers, Request, Response (Fetch Standard, bodies held as
 * bytes: no ReadableStream, Blob or FormData) and fetch(), which hands the
 * request to the host as an OutboundRequestMessage through the hook set by
 * __cm.setOutbound(fn).  With no hook the outbound mode is "disabled" and
 * fetch rejects with a TypeError carrying the OUTBOUND_DISABLED text.
 * Lazy group `fetch`; the host's side (__cm.setOutbound, ...) is in
 * 61_web.js.
 */
this.__cm.P.group('fetch', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var Uint8Array = P.TA.Uint8Array, ArrayBuffer = P.TA.ArrayBuffer;
	P.need.encoding();
	P.need.events();
	P.need.url();
	var Promise_ = P.Promise;
	var LIMIT = P.spec.constants.PAYLOAD_LIMIT;
	var PART = P.spec.payloadParts.OUTBOUND_REQUEST;

	var TOKEN = /^[!#$%&'*+\-.\^_`|~0-9A-Za-z]+$/;

	/* --- Headers ----------------------------------------------------------- */
	var H = P.hidden('Headers');

	function normValue(v) {
		return String(v).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
	}
	function checkName(fn, n) {
		n = String(n);
		if (!TOKEN.test(n))
			throw new TypeError('Headers.' + fn + ': "' + n +
			    '" is an invalid header name.');
		return n.toLowerCase();
	}
	function checkValue(fn, v) {
		v = normValue(v);
		if (/[\0\r\n]/.test(v) || /[^\x00-\xff]/.test(v))
			throw new TypeError('Headers.' + fn + ': "' + v +
			    '" is an invalid header value.');
		return v;
	}
	function Headers(init) {
		P.requireNew(this, Headers, 'Headers');
		this[H] = { list: [], guard: 'none' };
		if (init !== undefined && init !== null)
			fillHeaders(this, init);
	}
	function hs(self) {
		if (!P.isObject(self) || !(H in self))
			throw new TypeError('Illegal invocation');
		return self[H];
	}
	function argc(fn, args, n) {
		if (args.length < n)
			throw new TypeError('Headers.' + fn + ': ' + n + ' argument' +
			    (n > 1 ? 's' : '') + ' required, but only ' + args.length +
			    ' present.');
	}
	function mutable(s) {
		if (s.guard === 'immutable')
			throw new TypeError('immutable');
	}
	function fillHeaders(h, init) {
		var it, next, v, pair, keys, i;
		if (!P.isObject(init))
			throw new TypeError('Headers constructor: init must be an ' +
			    'object');
		if (init instanceof Headers) {
			var l = hs(init).list;
			for (i = 0; i < l.length; i++)
				appendHeader(h, l[i][0], l[i][1]);
			return;
		}
		if (typeof init[Symbol.iterator] === 'function') {
			it = P.getIterator(init);
			next = it.next;
			while ((v = P.stepValue(it, next)) !== P.DONE) {
				if (!P.isObject(v))
					throw new TypeError('Headers constructor: expected ' +
					    'name/value pair to be length 2, found ' +
					    'undefined.');
				pair = P.iterList(v);
				if (pair.length !== 2)
					throw new TypeError('Headers constructor: expected ' +
					    'name/value pair to be length 2, found ' +
					    pair.length + '.');
				appendHeader(h, pair[0], pair[1]);
			}
			return;
		}
		keys = Object.keys(init);
		for (i = 0; i < keys.length; i++)
			appendHeader(h, keys[i], init[keys[i]]);
	}
	function appendHeader(h, name, value) {
		var s = hs(h);
		name = checkName('append', name);
		value = checkValue('append', value);
		mutable(s);
		s.list.push([name, value]);
	}
	function getHeader(s, name) {
		var out = [], i;
		for (i = 0; i < s.list.length; i++)
			if (s.list[i][0] === name)
				out.push(s.list[i][1]);
		return out.length ? out.join(', ') : null;
	}
	/* The sort-and-combine list: sorted names, set-cookie kept apart. */
	function sortedList(s) {
		var names = [], seen = {}, out = [], i, n, j;
		for (i = 0; i < s.list.length; i++) {
			n = s.list[i][0];
			if (!Object.prototype.hasOwnProperty.call(seen, n)) {
				seen[n] = true;
				names.push(n);
			}
		}
		names.sort();
		for (i = 0; i < names.length; i++) {
			if (names[i] === 'set-cookie') {
				for (j = 0; j < s.list.length; j++)
					if (s.list[j][0] === 'set-cookie')
						out.push(['set-cookie', s.list[j][1]]);
			} else
				out.push([names[i], getHeader(s, names[i])]);
		}
		return out;
	}
	P.headerList = function (h) {
		return sortedList(hs(h));
	};
	/* An iterator that snapshots the sorted list at each step's start. */
	var IH = P.hidden('HeadersIterTarget'), II = P.hidden('HeadersIterIndex'),
	    IK = P.hidden('HeadersIterKind');
	function headersIter(h, kind) {
		var it = Object.create(HIProto);
		it[IH] = h;
		it[II] = 0;
		it[IK] = kind;
		return it;
	}
	var HIProto = Object.create(P.IteratorPrototype);
	P.def(HIProto, 'next', function next() {
		var l, e;
		if (!P.isObject(this) || !(IK in this))
			throw new TypeError('Illegal invocation');
		l = sortedList(hs(this[IH]));
		if (this[II] >= l.length)
			return { value: undefined, done: true };
		e = l[this[II]++];
		return { value: this[IK] === 'key' ? e[0] : this[IK] === 'value' ?
		    e[1] : e, done: false };
	});
	Object.defineProperty(HIProto, Symbol.toStringTag,
	    { value: 'Headers Iterator', configurable: true });
	P.defs(Headers.prototype, {
		append: function append(name, value) {
			argc('append', arguments, 2);
			appendHeader(this, name, value);
		},
		'delete': function delete_(name) {
			var s = hs(this), i;
			argc('delete', arguments, 1);
			name = checkName('delete', name);
			mutable(s);
			for (i = s.list.length - 1; i >= 0; i--)
				if (s.list[i][0] === name)
					s.list.splice(i, 1);
		},
		get: function get(name) {
			argc('get', arguments, 1);
			return getHeader(hs(this), checkName('get', name));
		},
		getSetCookie: function getSetCookie() {
			var s = hs(this), out = [], i;
			for (i = 0; i < s.list.length; i++)
				if (s.list[i][0] === 'set-cookie')
					out.push(s.list[i][1]);
			return out;
		},
		has: function has(name) {
			argc('has', arguments, 1);
			return getHeader(hs(this), checkName('has', name)) !== null;
		},
		set: function set(name, value) {
			var s = hs(this), i, found = false;
			argc('set', arguments, 2);
			name = checkName('set', name);
			value = checkValue('set', value);
			mutable(s);
			for (i = 0; i < s.list.length; i++) {
				if (s.list[i][0] !== name)
					continue;
				if (found)
					s.list.splice(i--, 1);
				else {
					s.list[i][1] = value;
					found = true;
				}
			}
			if (!found)
				s.list.push([name, value]);
		},
		forEach: function forEach(cb, thisArg) {
			var l, i;
			if (typeof cb !== 'function')
				throw new TypeError("Headers.forEach: Argument 1 could not " +
				    "be converted to: Function.");
			l = sortedList(hs(this));
			for (i = 0; i < l.length; i++)
				cb.call(thisArg, l[i][1], l[i][0], this);
		},
		keys: function keys() {
			hs(this);
			return headersIter(this, 'key');
		},
		values: function values() {
			hs(this);
			return headersIter(this, 'value');
		},
		entries: function entries() {
			hs(this);
			return headersIter(this, 'entries');
		}
	}, { append: 2, 'delete': 1, get: 1, has: 1, set: 2, forEach: 1 });
	P.def(Headers.prototype, Symbol.iterator, Headers.prototype.entries);
	P.tag(Headers, 'Headers');
	P.setLength(Headers, 0);
	P.defGlobal('Headers', Headers);

	/* --- bodies ------------------------------------------------------------ */
	var B = P.hidden('Body');

	function copyBytes(src) {
		var u;
		if (src instanceof ArrayBuffer)
			u = new Uint8Array(src);
		else
			u = new Uint8Array(src.buffer, src.byteOffset, src.byteLength);
		var out = new Uint8Array(u.length);
		out.set(u);
		return out;
	}
	/* Extracts [bytes, content type] from a BodyInit, or [null, null]. */
	function extract(body) {
		if (body === undefined || body === null)
			return [null, null];
		if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
			return [copyBytes(body), null];
		if (body instanceof G.URLSearchParams)
			return [P.utf8Encode(String(body)),
			    'application/x-www-form-urlencoded;charset=UTF-8'];
		if (P.isObject(body) && typeof body.getReader === 'function')
			throw new TypeError('ReadableStream bodies are not supported ' +
			    'in this runtime; pass a string or bytes.');
		return [P.utf8Encode(String(body)), 'text/plain;charset=UTF-8'];
	}
	function bodyState(self) {
		if (!P.isObject(self) || !(B in self))
			throw new TypeError('Illegal invocation');
		return self[B];
	}
	function consume(self, fn) {
		var s;
		try {
			s = bodyState(self);
		} catch (e) {
			return Promise_.reject(e);
		}
		if (s.used)
			return Promise_.reject(new TypeError('Body is unusable: Body ' +
			    'has already been read'));
		if (s.bytes !== null)
			s.used = true;
		return new Promise_(function (resolve) {
			resolve(fn(s.bytes === null ? new Uint8Array(0) : s.bytes));
		});
	}
	var bodyMethods = {
		text: function text() {
			return consume(this, function (b) {
				return P.utf8Decode(b);
			});
		},
		json: function json() {
			return consume(this, function (b) {
				return JSON.parse(P.utf8Decode(b));
			});
		},
		arrayBuffer: function arrayBuffer() {
			return consume(this, function (b) {
				return copyBytes(b).buffer;
			});
		},
		bytes: function bytes() {
			return consume(this, function (b) {
				return copyBytes(b);
			});
		}
	};
	function mixBody(C) {
		P.defs(C.prototype, bodyMethods);
		P.getter(C.prototype, 'bodyUsed', function () {
			return bodyState(this).used;
		});
	}

	/* --- Request ----------------------------------------------------------- */
	var R = P.hidden('Request');
	var METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];

	function Request(input, init) {
		var src = null, url, method = 'GET', headers, body, sig, ext, h, ct;
		var redirect = 'follow';
		P.requireNew(this, Request, 'Request');
		if (arguments.length === 0)
			throw new TypeError('Request constructor: At least 1 argument ' +
			    'required, but only 0 present.');
		if (init !== undefined && init !== null && !P.isObject(init))
			throw new TypeError('Request constructor: init must be an ' +
			    'object');
		init = init || {};
		if (input instanceof Request) {
			src = input[R];
			url = src.url;
			method = src.method;
			redirect = src.redirect;
		} else {
			url = P.urlParse(String(input));
			if (url === null)
				throw new TypeError('Failed to parse URL from ' +
				    String(input));
			if (/^[a-z][a-z0-9+.\-]*:\/\/[^\/?#]*@/i.test(url))
				throw new TypeError('Request cannot be constructed from a ' +
				    'URL that includes credentials: ' + String(input));
		}
		if (init.method !== undefined) {
			method = String(init.method);
			if (!TOKEN.test(method))
				throw new TypeError("'" + method + "' is not a valid HTTP " +
				    'method.');
			if (/^(CONNECT|TRACE|TRACK)$/i.test(method))
				throw new TypeError("'" + method + "' HTTP method is " +
				    'unsupported.');
			if (METHODS.indexOf(method.toUpperCase()) >= 0)
				method = method.toUpperCase();
		}
		if (init.redirect !== undefined) {
			redirect = String(init.redirect);
			if (['follow', 'error', 'manual'].indexOf(redirect) < 0)
				throw new TypeError("Request constructor: " + redirect +
				    " is not an accepted type. Expected one of follow, " +
				    "manual, error.");
		}
		sig = init.signal !== undefined ? init.signal :
		    (src ? src.signal : undefined);
		if (sig !== undefined && sig !== null &&
		    !(sig instanceof G.AbortSignal))
			throw new TypeError('Request constructor: Expected signal ' +
			    '("' + String(sig) + '") to be an instance of AbortSignal.');
		headers = new Headers(init.headers !== undefined ? init.headers :
		    (src ? src.headers : undefined));
		body = init.body !== undefined ? init.body : null;
		if ((init.body !== undefined && init.body !== null ||
		    (src && src.body.bytes !== null && init.body === undefined)) &&
		    (method === 'GET' || method === 'HEAD'))
			throw new TypeError('Request with GET/HEAD method cannot have ' +
			    'body.');
		this[B] = { bytes: null, used: false };
		if (init.body !== undefined && init.body !== null) {
			ext = extract(body);
			this[B].bytes = ext[0];
			ct = ext[1];
			if (ct !== null && !headers.has('content-type'))
				headers.append('content-type', ct);
		} else if (src && init.body === undefined) {
			if (src.body.used)
				throw new TypeError('Cannot construct a Request with a ' +
				    'Request object that has already been used.');
			this[B].bytes = src.body.bytes;
			if (src.body.bytes !== null)
				src.body.used = true;
		}
		h = P.newSignal();
		if (sig) {
			if (sig.aborted)
				P.signalAbort(h, sig.reason);
			else
				P.signalAdd(sig, function (reason) {
					P.signalAbort(h, reason);
				});
		}
		this[R] = { url: url, method: method, headers: headers, signal: h,
		    redirect: redirect, body: this[B] };
	}
	function rq(self) {
		if (!P.isObject(self) || !(R in self))
			throw new TypeError('Illegal invocation');
		return self[R];
	}
	P.getter(Request.prototype, 'method', function () {
		return rq(this).method;
	});
	P.setName(Headers.prototype['delete'], 'delete');
	P.getter(Request.prototype, 'url', function () {
		return rq(this).url;
	});
	P.getter(Request.prototype, 'headers', function () {
		return rq(this).headers;
	});
	P.getter(Request.prototype, 'signal', function () {
		return rq(this).signal;
	});
	P.getter(Request.prototype, 'redirect', function () {
		return rq(this).redirect;
	});
	P.getter(Request.prototype, 'keepalive', function () {
		rq(this);
		return false;
	});
	mixBody(Request);
	P.defs(Request.prototype, {
		clone: function clone() {
			var s = rq(this);
			if (s.body.used)
				throw new TypeError('Request.clone: Body has already been ' +
				    'consumed.');
			return new Request(this, { body: s.body.bytes === null ?
			    undefined : s.body.bytes, headers: s.headers,
			    signal: s.signal });
		}
	});
	P.tag(Request, 'Request');
	P.setLength(Request, 1);
	P.defGlobal('Request', Request);

	/* --- Response ---------------------------------------------------------- */
	var S = P.hidden('Response');
	var NULL_BODY = [101, 103, 204, 205, 304];
	var REDIRECTS = [301, 302, 303, 307, 308];

	function Response(body, init) {
		var status = 200, statusText = '', headers, ext;
		P.requireNew(this, Response, 'Response');
		if (init !== undefined && init !== null && !P.isObject(init))
			throw new TypeError("Response constructor: init must be an " +
			    "object");
		init = init || {};
		if (init.status !== undefined) {
			status = P.toInt(init.status);
			if (status < 200 || status > 599)
				throw new RangeError('init["status"] must be in the range ' +
				    'of 200 to 599, inclusive.');
		}
		if (init.statusText !== undefined) {
			statusText = String(init.statusText);
			if (/[^\t\x20-\x7e\x80-\xff]/.test(statusText))
				throw new TypeError('Invalid statusText');
		}
		headers = new Headers(init.headers);
		this[B] = { bytes: null, used: false };
		if (body !== undefined && body !== null) {
			if (NULL_BODY.indexOf(status) >= 0)
				throw new TypeError('Response constructor: Invalid ' +
				    'response status code ' + status);
			ext = extract(body);
			this[B].bytes = ext[0];
			if (ext[1] !== null && !headers.has('content-type'))
				headers.append('content-type', ext[1]);
		}
		this[S] = { status: status, statusText: statusText,
		    headers: headers, type: 'default', url: '', redirected: false };
	}
	function rs(self) {
		if (!P.isObject(self) || !(S in self))
			throw new TypeError('Illegal invocation');
		return self[S];
	}
	var rget = {
		status: function () { return rs(this).status; },
		statusText: function () { return rs(this).statusText; },
		ok: function () {
			var s = rs(this).status;
			return s >= 200 && s <= 299;
		},
		headers: function () { return rs(this).headers; },
		type: function () { return rs(this).type; },
		url: function () { return rs(this).url; },
		redirected: function () { return rs(this).redirected; }
	};
	var k;
	for (k in rget)
		if (Object.prototype.hasOwnProperty.call(rget, k))
			P.getter(Response.prototype, k, rget[k]);
	mixBody(Response);
	function lockHeaders(r) {
		hs(rs(r).headers).guard = 'immutable';
		return r;
	}
	P.defs(Response.prototype, {
		clone: function clone() {
			var s = rs(this), b = bodyState(this), r;
			if (b.used)
				throw new TypeError('Response.clone: Body has already been ' +
				    'consumed.');
			r = new Response(null, { headers: s.headers });
			r[B].bytes = b.bytes;
			r[S].status = s.status;
			r[S].statusText = s.statusText;
			r[S].type = s.type;
			r[S].url = s.url;
			r[S].redirected = s.redirected;
			if (hs(s.headers).guard === 'immutable')
				lockHeaders(r);
			return r;
		}
	});
	P.defs(Response, {
		error: function error() {
			var r = new Response(null);
			r[S].status = 0;
			r[S].type = 'error';
			return lockHeaders(r);
		},
		redirect: function redirect(url, status) {
			var u = P.urlParse(String(url)), r;
			if (u === null)
				throw new TypeError('Failed to parse URL from ' +
				    String(url));
			status = status === undefined ? 302 : P.toInt(status);
			if (REDIRECTS.indexOf(status) < 0)
				throw new RangeError('Invalid status code ' + status);
			r = new Response(null, { status: status });
			r[S].headers.set('location', u);
			return lockHeaders(r);
		},
		json: function json(data, init) {
			var text = JSON.stringify(data), r;
			if (text === undefined)
				throw new TypeError('Value is not JSON serializable');
			r = new Response(text, init);
			if (!(init && init.headers &&
			    new Headers(init.headers).has('content-type')))
				r[S].headers.set('content-type', 'application/json');
			return r;
		}
	}, { error: 0, redirect: 1, json: 1 });
	P.tag(Response, 'Response');
	P.setLength(Response, 0);
	P.defGlobal('Response', Response);

	/* Builds a Response from an OutboundResponseMessage (host side). */
	function fromMessage(m, url) {
		var r = new Response(null), hl, i, b = m.body;
		r[S].status = m.status | 0;
		r[S].statusText = m.statusText === undefined ? '' :
		    String(m.statusText);
		hl = m.headers || [];
		for (i = 0; i < hl.length; i++)
			r[S].headers.append(hl[i][0], hl[i][1]);
		if (b !== undefined && b !== null &&
		    NULL_BODY.indexOf(r[S].status) < 0)
			r[B].bytes = typeof b === 'string' ? P.utf8Encode(b) :
			    copyBytes(b);
		r[S].url = url;
		r[S].type = 'basic';
		return lockHeaders(r);
	}
	P.responseFromMessage = fromMessage;

	/* Names in first-insertion order with combined values (node's view). */
	function insertionList(s) {
		var out = [], seen = {}, i, n;
		for (i = 0; i < s.list.length; i++) {
			n = s.list[i][0];
			if (Object.prototype.hasOwnProperty.call(seen, n))
				continue;
			seen[n] = true;
			out.push([n, getHeader(s, n)]);
		}
		return out;
	}
	P.inspectHooks.push(function (o) {
		var s;
		if (!P.isObject(o))
			return null;
		if (H in o && o instanceof Headers)
			return { name: 'Headers', props: insertionList(o[H]) };
		if (S in o && o instanceof Response) {
			s = o[S];
			return { name: 'Response', props: [['status', s.status],
			    ['statusText', s.statusText], ['headers', s.headers],
			    ['bodyUsed', o[B].used], ['ok', s.status >= 200 &&
			    s.status <= 299], ['redirected', s.redirected],
			    ['type', s.type], ['url', s.url]] };
		}
		if (R in o && o instanceof Request) {
			s = o[R];
			return { name: 'Request', props: [['method', s.method],
			    ['url', s.url], ['headers', s.headers],
			    ['redirect', s.redirect], ['signal', s.signal],
			    ['bodyUsed', s.body.used]] };
		}
		return null;
	});

	/* --- fetch ------------------------------------------------------------- */


	function fetch(input, init) {
		var req, s, msg, size, i, url, bytes, hook = P.outboundHook;
		try {
			req = new Request(input, init);
		} catch (e) {
			return Promise_.reject(e);
		}
		s = req[R];
		if (s.signal.aborted)
			return Promise_.reject(P.signalState(s.signal).reason);
		if (hook === null)
			return Promise_.reject(new TypeError(P.fill('OUTBOUND_DISABLED',
			    {})));
		url = P.stripFragment(s.url);
		bytes = s.body.bytes;
		if (bytes !== null)
			s.body.used = true;
		msg = { method: s.method, url: url, headers: P.headerList(s.headers),
		    body: bytes === null ? null : copyBytes(bytes).buffer };
		size = url.length + (bytes === null ? 0 : bytes.length);
		for (i = 0; i < msg.headers.length; i++)
			size += msg.headers[i][0].length + msg.headers[i][1].length;
		if (size > LIMIT)
			return Promise_.reject(new TypeError(P.fill('PAYLOAD_TOO_LARGE',
			    { part: PART, size: size, limit: LIMIT })));
		return new Promise_(function (resolve, reject) {
			var done = false;
			P.signalAdd(s.signal, function (reason) {
				if (!done) {
					done = true;
					reject(reason);
				}
			});
			Promise_.resolve(hook(msg)).then(function (m) {
				if (done)
					return;
				done = true;
				if (!P.isObject(m)) {
					reject(new TypeError('fetch failed'));
					return;
				}
				try {
					resolve(fromMessage(m, url));
				} catch (e) {
					reject(e);
				}
			}, function (e) {
				if (done)
					return;
				done = true;
				reject(e instanceof Error ? e : new TypeError('fetch ' +
				    'failed'));
			});
		});
	}
	P.setLength(fetch, 1);

	/*
	 * Execution handles: the host turns a serialized request into a Request
	 * for the retained handler, and the handler's answer back into the
	 * response wire shape, bounded as the handle answer.
	 */
	P.requestFromMessage = function requestFromMessage(m) {
		var init = { method: m.method, headers: m.headers || [] };
		if (m.body !== undefined && m.body !== null &&
		    !(/^(GET|HEAD)$/i.test(String(m.method)) &&
		    m.body.byteLength === 0))
			init.body = m.body;
		return new Request(String(m.url), init);
	};
	P.responseToMessage = function responseToMessage(r) {
		var s, b, size, hl, i;
		if (!P.isObject(r) || !(S in r) || !(r instanceof Response))
			return Promise_.reject(new TypeError('The fetch handler did ' +
			    'not return a Response.'));
		s = r[S];
		b = r[B];
		if (b.used)
			return Promise_.reject(new TypeError('Body is unusable: Body ' +
			    'has already been read'));
		hl = sortedList(hs(s.headers));
		size = s.statusText.length + (b.bytes === null ? 0 : b.bytes.length);
		for (i = 0; i < hl.length; i++)
			size += hl[i][0].length + hl[i][1].length;
		if (size > LIMIT)
			return Promise_.reject(new TypeError(P.fill('PAYLOAD_TOO_LARGE',
			    { part: P.spec.payloadParts.HANDLE_ANSWER,
			    size: size, limit: LIMIT })));
		if (b.bytes !== null)
			b.used = true;
		return Promise_.resolve({ status: s.status,
		    statusText: s.statusText, headers: hl,
		    body: b.bytes === null ? new ArrayBuffer(0) :
		    copyBytes(b.bytes).buffer });
	};
	P.defGlobal('fetch', fetch);
});

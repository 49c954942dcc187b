/*
 * 35_clone.js (lazy group `clone`): structuredClone.  Clones primitives
 * (a BigInt, an object here, stays itself), plain objects and arrays (own
 * enumerable string keys; prototypes are not kept), Date, RegExp, Map, Set, ArrayBuffer, typed arrays, DataView, Error
 * objects and boxed primitives, keeping shared references and cycles.  Functions, symbols, promises,
 * WeakMaps and the like throw DataCloneError (a DOMException,
 * 62_encoding.js).
 */
this.__cm.P.group('clone', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var ArrayBuffer = P.TA.ArrayBuffer, DataView = P.TA.DataView;
	var toStr = Object.prototype.toString;

	function fail(v) {
		var d;
		try {
			d = typeof v === 'symbol' ? v.toString() :
			    (typeof v === 'function' ? 'function' : toStr.call(v));
		} catch (e) {
			d = 'value';
		}
		if (typeof v === 'object')
			d = '#<' + (toStr.call(v).slice(8, -1)) + '>';
		throw new G.DOMException(d + ' could not be cloned.', 'DataCloneError');
	}

	function clone(v, memo) {
		var t = typeof v, tag, r, keys, i, k, d, C, src, e;
		if (t === 'symbol' || t === 'function')
			fail(v);
		if (t !== 'object' || v === null || P.isBigInt(v))
			return v;
		r = memo.get(v);
		if (r !== undefined)
			return r;
		tag = toStr.call(v);
		if (Array.isArray(v)) {
			r = new Array(v.length);
			memo.set(v, r);
		} else if (P.isMap(v)) {
			r = new G.Map();
			memo.set(v, r);
			src = [];
			v.forEach(function (val, key) { src.push(key, val); });
			for (i = 0; i < src.length; i += 2)
				r.set(clone(src[i], memo), clone(src[i + 1], memo));
			return r;
		} else if (P.isSet(v)) {
			r = new G.Set();
			memo.set(v, r);
			src = [];
			v.forEach(function (val) { src.push(val); });
			for (i = 0; i < src.length; i++)
				r.add(clone(src[i], memo));
			return r;
		} else if (v instanceof Date || tag === '[object Date]') {
			r = new Date(v.getTime());
			memo.set(v, r);
			return r;
		} else if (P.isRegExp(v)) {
			r = new G.RegExp(v.source, v.flags);
			memo.set(v, r);
			return r;
		} else if (v instanceof ArrayBuffer) {
			r = v.slice(0);
			memo.set(v, r);
			return r;
		} else if (ArrayBuffer.isView(v)) {
			d = clone(v.buffer, memo);
			if (v instanceof DataView) {
				r = new DataView(d, v.byteOffset, v.byteLength);
			} else {
				C = v.constructor;
				r = new C(d, v.byteOffset, v.length);
			}
			memo.set(v, r);
			return r;
		} else if (v instanceof Error) {
			C = { EvalError: 1, RangeError: 1, ReferenceError: 1,
			    SyntaxError: 1, TypeError: 1, URIError: 1 };
			k = v.name;
			e = C[k] === 1 ? new G[k](v.message) : new G.Error(v.message);
			memo.set(v, e);
			if (Object.prototype.hasOwnProperty.call(v, 'cause'))
				P.def(e, 'cause', clone(v.cause, memo));
			if (typeof v.stack === 'string')
				try {
					P.def(e, 'stack', v.stack);
				} catch (err) { /* read-only stack */ }
			return e;
		} else if (tag === '[object Number]' || tag === '[object String]' ||
		    tag === '[object Boolean]') {
			r = Object(v.valueOf());
			memo.set(v, r);
			return r;
		} else if (tag === '[object Object]' || tag === '[object Arguments]') {
			if (P.isPromise(v) || v instanceof G.WeakMap ||
			    v instanceof G.WeakSet)
				fail(v);
			r = {};
			memo.set(v, r);
		} else {
			fail(v);
		}
		keys = Object.keys(v);
		for (i = 0; i < keys.length; i++) {
			k = keys[i];
			r[k] = clone(v[k], memo);
		}
		return r;
	}

	P.defGlobal('structuredClone', function structuredClone(value) {
		if (arguments.length === 0)
			throw new TypeError("Failed to execute 'structuredClone': 1 argument required, but only 0 present.");
		return clone(value, new G.Map());
	});
});

/*
 * 39_json.js (lazy group `json`, cold): JSON.parse with a reviver, as
 * ES2025 and JSON.parse source text access have it. Duktape's parser
 * still reads the text (its SyntaxErrors, its depth bound); this group
 * then walks the text once more for the source of each primitive value and
 * runs InternalizeJSONProperty: values are written with CreateDataProperty
 * and removed with [[Delete]], whose refusals are ignored, never by
 * assignment (no setter runs, a non-configurable property stays), and the
 * reviver's third argument is the context {source} for a primitive that is
 * still the value parsed there. Loaded by the first JSON.parse call with a
 * function reviver (33_builtins.js); a parse without one never loads it.
 */
this.__cm.P.group('json', function (G, P) {
	'use strict';
	var nparse = P.nativeJSONParse;
	/* the prelude's functions (P.orig), never the globals: this group
	 * loads after guest code ran, which may have replaced them */
	var isArray = P.orig('Array', 'isArray'), keys = P.orig('Object', 'keys');
	var defineProperty = P.orig('Reflect', 'defineProperty');
	var deleteProperty = P.orig('Reflect', 'deleteProperty');
	var create = P.orig('Object', 'create'), call = P.callFn;
	var charAt = P.I.charAt, charCodeAt = P.I.charCodeAt;
	var sSlice = P.I.sSlice, sIndexOf = P.I.sIndexOf;

	/*
	 * The parse tree of a text Duktape accepted: {a: [nodes]} for an
	 * array, {o: {key: node}} for an object (the last of duplicate keys),
	 * {v: value, s: source} for a primitive.
	 */
	function tree(text) {
		var i = 0, n = text.length;

		function ws() {
			var c;
			while (i < n) {
				c = charCodeAt(text, i);
				if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d)
					break;
				i++;
			}
		}
		function str() {
			var start = i;
			i++;
			while (i < n && charCodeAt(text, i) !== 0x22)
				i += charCodeAt(text, i) === 0x5c ? 2 : 1;
			i++;
			return sSlice(text, start, i);
		}
		function value() {
			var c, node, start, s, k;
			ws();
			c = charAt(text, i);
			if (c === '[') {
				node = { a: [] };
				i++;
				ws();
				if (charAt(text, i) === ']') {
					i++;
					return node;
				}
				for (;;) {
					node.a[node.a.length] = value();
					ws();
					if (charAt(text, i++) !== ',')
						return node;
				}
			}
			if (c === '{') {
				node = { o: create(null) };
				i++;
				ws();
				if (charAt(text, i) === '}') {
					i++;
					return node;
				}
				for (;;) {
					ws();
					k = nparse(str());
					ws();
					i++; /* : */
					node.o[k] = value();
					ws();
					if (charAt(text, i++) !== ',')
						return node;
				}
			}
			start = i;
			if (c === '"') {
				s = str();
			} else {
				while (i < n && sIndexOf('-+.0123456789eEtruefalsn',
				    charAt(text, i)) >= 0)
					i++;
				s = sSlice(text, start, i);
			}
			return { v: nparse(s), s: s };
		}
		return value();
	}

	/* Ties each array and object node to the object Duktape made for it:
	 * the source of what is under a node is given only while the holder
	 * still holds that very object. */
	function link(v, node) {
		var i, k;
		if (node.a !== undefined) {
			node.ref = v;
			for (i = 0; i < node.a.length; i++)
				link(v[i], node.a[i]);
		} else if (node.o !== undefined) {
			node.ref = v;
			for (k in node.o)
				link(v[k], node.o[k]);
		}
	}
	function sameValue(a, b) {
		if (a === b)
			return a !== 0 || 1 / a === 1 / b;
		return a !== a && b !== b;
	}
	function put(o, k, v) {
		defineProperty(o, k, { value: v, writable: true, enumerable: true,
		    configurable: true });
	}

	function internalize(holder, name, reviver, node) {
		var val = holder[name], ctx = {}, i, len, ks, el, sub;
		if (val !== null && typeof val === 'object') {
			if (isArray(val)) {
				len = P.toLength(val.length);
				sub = node !== undefined && node.ref === val ?
				    node.a : undefined;
				for (i = 0; i < len; i++) {
					el = internalize(val, String(i), reviver,
					    sub !== undefined ? sub[i] : undefined);
					if (el === undefined)
						deleteProperty(val, String(i));
					else
						put(val, String(i), el);
				}
			} else {
				ks = keys(val);
				sub = node !== undefined && node.ref === val ?
				    node.o : undefined;
				for (i = 0; i < ks.length; i++) {
					el = internalize(val, ks[i], reviver,
					    sub !== undefined ? sub[ks[i]] : undefined);
					if (el === undefined)
						deleteProperty(val, ks[i]);
					else
						put(val, ks[i], el);
				}
			}
		} else if (node !== undefined && node.s !== undefined &&
		    sameValue(node.v, val)) {
			put(ctx, 'source', node.s);
		}
		return call(reviver, holder, name, val, ctx);
	}

	P.jsonRevive = function jsonRevive(text, reviver) {
		var v, root, node;
		text = String(text);
		v = nparse(text);
		root = {};
		put(root, '', v);
		node = tree(text);
		link(v, node);
		return internalize(root, '', reviver, node);
	};
});

/*
 * 20_iter.js: %ArrayIteratorPrototype% and %StringIteratorPrototype%, and
 * [Symbol.iterator] on arrays, strings, typed arrays and arguments objects
 * (Duktape has none of them).  Iterator state lives under hidden keys.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var IO = P.hidden('IterObject'), II = P.hidden('IterIndex'),
	    IK = P.hidden('IterKind'), IS = P.hidden('IterString');
	/* the internal-slot checks read the receiver's own slots only: an
	 * object inheriting from an iterator has none (ownSlot, natives.c) */
	var ownSlot = P.native.ownSlot, describe = P.describe;
	var KEYS = 0, VALUES = 1, ENTRIES = 2;
	/* a typed array's kinds: its length is TypedArrayLength, never what a
	 * `length` accessor a guest defined answers */
	var TA_KIND = 3;
	var toLength = P.toLength, taLen = P.native.taLen;
	var TAProto = Object.getPrototypeOf(G.Uint8Array.prototype);

	function ArrayIter(o, kind) {
		this[IO] = o;
		this[II] = 0;
		this[IK] = kind;
	}
	var ArrayIteratorPrototype = Object.create(P.IteratorPrototype);
	ArrayIter.prototype = ArrayIteratorPrototype;
	/* Hot: for-of over arrays runs this once per element, so no helper
	 * calls on the common path (Duktape calls cost ~0.2 us each). */
	P.def(ArrayIteratorPrototype, 'next', function next() {
		var o, i, k, len;
		k = ownSlot(this, IK);
		if (k === undefined)
			throw new TypeError('Method Array Iterator.prototype.next ' +
			    'called on incompatible receiver ' + describe(this));
		o = this[IO];
		if (o === undefined)
			return { value: undefined, done: true };
		i = this[II];
		if (k >= TA_KIND) {
			len = taLen(o);
			k -= TA_KIND;
		} else {
			len = o.length;
			if (typeof len !== 'number' || len !== len || len < 0)
				len = toLength(len);
		}
		if (i >= len) {
			this[IO] = undefined;
			return { value: undefined, done: true };
		}
		this[II] = i + 1;
		if (k === VALUES)
			return { value: o[i], done: false };
		if (k === KEYS)
			return { value: i, done: false };
		return { value: [i, o[i]], done: false };
	});
	Object.defineProperty(ArrayIteratorPrototype, Symbol.toStringTag,
	    { value: 'Array Iterator', configurable: true });

	var toObj = P.toObj;
	var values = function values() {
		return new ArrayIter(toObj(this), VALUES);
	};
	var keys = function keys() {
		return new ArrayIter(toObj(this), KEYS);
	};
	var entries = function entries() {
		return new ArrayIter(toObj(this), ENTRIES);
	};
	P.defs(Array.prototype, { values: values, keys: keys, entries: entries });
	P.def(Array.prototype, Symbol.iterator, values);
	/* Every arguments object's own @@iterator (CreateMappedArgumentsObject):
	 * Duktape defines it from this hidden key when it makes one
	 * (engine/host/duk_fnshape.inc). */
	Object.defineProperty(Array.prototype, P.hidden('ArgIter'),
	    { value: values });

	/* Typed arrays: same iterators (they are array-likes with a length). */
	function taCheck(self) {
		if ((P.native.bufClass(self) & 7) !== 3)
			throw new TypeError('this is not a typed array.');
		return self;
	}
	P.defs(TAProto, {
		values: function values() {
			return new ArrayIter(taCheck(this), TA_KIND + VALUES);
		},
		keys: function keys() {
			return new ArrayIter(taCheck(this), TA_KIND + KEYS);
		},
		entries: function entries() {
			return new ArrayIter(taCheck(this), TA_KIND + ENTRIES);
		}
	});
	P.def(TAProto, Symbol.iterator, TAProto.values);

	/* Strings iterate by code point. */
	/* IS: the string, null once done */
	function StringIter(s) {
		this[IS] = s;
		this[II] = 0;
	}
	var StringIteratorPrototype = Object.create(P.IteratorPrototype);
	StringIter.prototype = StringIteratorPrototype;
	P.def(StringIteratorPrototype, 'next', function next() {
		var s, i, c, d;
		s = ownSlot(this, IS);
		if (s === undefined)
			throw new TypeError('Method String Iterator.prototype.next ' +
			    'called on incompatible receiver ' + describe(this));
		if (s === null)
			return { value: undefined, done: true };
		i = this[II];
		if (i >= s.length) {
			this[IS] = null;
			return { value: undefined, done: true };
		}
		c = s.charCodeAt(i);
		if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
			d = s.charCodeAt(i + 1);
			if (d >= 0xdc00 && d <= 0xdfff) {
				this[II] = i + 2;
				return { value: s.substring(i, i + 2), done: false };
			}
		}
		this[II] = i + 1;
		return { value: s.charAt(i), done: false };
	});
	Object.defineProperty(StringIteratorPrototype, Symbol.toStringTag,
	    { value: 'String Iterator', configurable: true });
	P.def(String.prototype, Symbol.iterator, function () {
		if (this == null)
			throw new TypeError('String.prototype[Symbol.iterator] called on null or undefined');
		return new StringIter(String(this));
	});
	P.setName(String.prototype[Symbol.iterator], '[Symbol.iterator]');

	P.ArrayIter = ArrayIter;
	P.TAProto = TAProto;
})(this);

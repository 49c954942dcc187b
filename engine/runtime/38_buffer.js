/*
 * 38_buffer.js (lazy group `buffer`, cold): ArrayBuffer and DataView up to
 * ES2025 over Duktape's.
 *
 * ArrayBuffer: transfer, transferToFixedLength and the `detached` getter
 * (DetachArrayBuffer is __cm_native.bufDetach, engine/host/duk_buffer.inc),
 * slice through SpeciesConstructor with the checks on what it made, the
 * byteLength getter of the spec's shape, @@toStringTag. Growth stays the
 * declared absence of 61_web.js.
 *
 * DataView: a constructor of our own over Duktape's (ToIndex on the offset
 * and length, the detached checks, the prototype of new.target), and every
 * get/set method in the spec's order: ToIndex(requestIndex), ToNumber(value),
 * ToBoolean(littleEndian), then the detached check, then the range check,
 * each before Duktape's method (which coerces in another order) runs;
 * getFloat16/setFloat16 over the 16-bit ones; the buffer, byteLength and
 * byteOffset getters; @@toStringTag.
 *
 * The globals ArrayBuffer and DataView are this group's triggers (99_seal.js
 * installs them last): a script that names either loads it. The prelude's
 * own code uses the constructors 30_typed.js captured (P.TA), so console,
 * encoding, fetch and crypto never load it; an ArrayBuffer the host made
 * (response.arrayBuffer()) has the new members once the script names
 * ArrayBuffer, DataView or calls a typed array method that needs them.
 */
this.__cm.P.group('buffer', function (G, P) {
	'use strict';
	var AB = P.TA.ArrayBuffer, ABP = AB.prototype;
	var NDV = P.TA.DataView, DVP = NDV.prototype;
	var U8 = P.nativeTA.Uint8Array;
	var bufClass = P.native.bufClass, bufDetach = P.native.bufDetach;
	var taLen = P.taLen;
	var relIndex = P.relIndex;
	/* the prelude's functions (P.orig), never the globals: this group
	 * loads after guest code ran, which may have replaced them */
	var orig = P.orig, call = P.callFn, nApply = P.nativeReflect.apply;
	var gopd = orig('Object', 'getOwnPropertyDescriptor');
	var getProto = orig('Object', 'getPrototypeOf');
	var setProto = orig('Object', 'setPrototypeOf');
	var oDefine = orig('Object', 'defineProperty');
	var rDefine = orig('Reflect', 'defineProperty');
	var oGopd = gopd, rGopd = orig('Reflect', 'getOwnPropertyDescriptor');
	var oNames = orig('Object', 'getOwnPropertyNames');
	var rHas = orig('Reflect', 'has'), rGet = orig('Reflect', 'get');
	var rSet = orig('Reflect', 'set'), oCreate = orig('Object', 'create');
	var isArray = orig('Array', 'isArray'), arrayFrom = orig('Array', 'from');
	var tagSym = orig('Symbol', 'toStringTag');
	var speciesSym = orig('Symbol', 'species');
	var iterSym = orig('Symbol', 'iterator');
	var own = P.native.configurable;
	var abLength = gopd(ABP, 'byteLength') ? gopd(ABP, 'byteLength').get :
	    gopd(P.TypedArray.prototype, 'byteLength').get;
	/* Duktape shares one set of getters between ArrayBuffer, DataView and
	 * typed arrays; where they are own, they are not configurable. */
	function getterOf(o, k) {
		var d = gopd(o, k);
		if (d === undefined)
			return gopd(P.TypedArray.prototype, k).get;
		own(o, k);
		return d.get;
	}
	var dvBuffer = getterOf(DVP, 'buffer');
	var dvLength = getterOf(DVP, 'byteLength');
	var dvOffset = getterOf(DVP, 'byteOffset');
	if (gopd(ABP, 'byteLength'))
		own(ABP, 'byteLength');

	/* ToIndex; the RangeError in V8's words for the caller: pre, then
	 * the value and post when post is given. */
	function toIndex(v, pre, post) {
		var i = P.toInt(v);
		if (i < 0 || i > 9007199254740991)
			throw new RangeError(pre === undefined ?
			    'Invalid index: ' + P.describe(v) :
			    post === undefined ? pre : pre + P.describe(v) + post);
		return i;
	}
	function tagOf(C, name) {
		oDefine(C.prototype, tagSym, {
			value: name, writable: false, enumerable: false,
			configurable: true });
	}
	/* RequireInternalSlot(O, [[ArrayBufferData]]). */
	function thisBuffer(o, name) {
		if ((bufClass(o) & 7) !== 1)
			throw new TypeError(name + ' called on an incompatible ' +
			    'receiver ' + P.describe(o));
		return o;
	}
	function copyBytes(to, from, start, n) {
		if (n > 0)
			new U8(to, 0, n).set(new U8(from, start, n));
	}

	/*
	 * new.target of a Reflect.construct (27_object.js leaves it in
	 * P.ntSlot for the target): taken at entry, before any user code can
	 * construct something else, and its prototype read where the spec's
	 * OrdinaryCreateFromConstructor does; a `new` or a subclass's super()
	 * gives `this`, already made with new.target's prototype.
	 */
	function takeNewTarget(C) {
		var s = P.ntSlot;
		if (s === undefined || s.target !== C)
			return undefined;
		P.ntSlot = undefined;
		s.taken = true;
		return s.nt;
	}
	function protoOf(nt, self, dflt) {
		var p = nt !== undefined ? nt.prototype : getProto(self);
		return P.isObject(p) ? p : dflt;
	}

	/* --- ArrayBuffer -------------------------------------------------- */

	/* ArrayBufferCopyAndDetach: growth is absent, so both give a buffer
	 * of fixed length. */
	function copyAndDetach(o, newLength, name) {
		var n, r, len;
		thisBuffer(o, name);
		n = newLength === undefined ? call(abLength, o) :
		    toIndex(newLength, 'Invalid array buffer length');
		if (bufClass(o) & 8)
			throw new TypeError('Cannot perform ' + name +
			    ' on a detached ArrayBuffer');
		r = new NAB(n);
		len = call(abLength, o);
		copyBytes(r, o, 0, n < len ? n : len);
		bufDetach(o);
		return r;
	}
	P.defs(ABP, {
		transfer: function transfer() {
			return copyAndDetach(this, arguments[0],
			    'ArrayBuffer.prototype.transfer');
		},
		transferToFixedLength: function transferToFixedLength() {
			return copyAndDetach(this, arguments[0],
			    'ArrayBuffer.prototype.transferToFixedLength');
		},
		slice: function slice(start, end) {
			var name = 'ArrayBuffer.prototype.slice';
			var o = thisBuffer(this, name), len, first, fin, n, C, r;
			if (bufClass(o) & 8)
				throw new TypeError('Cannot perform ' + name +
				    ' on a detached ArrayBuffer');
			len = call(abLength, o);
			first = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			n = fin > first ? fin - first : 0;
			C = P.speciesCtor(o, AB);
			r = new C(n);
			if ((bufClass(r) & 7) !== 1)
				throw new TypeError(name + ': the species constructor ' +
				    'made no ArrayBuffer');
			if (bufClass(r) & 8)
				throw new TypeError(name + ': the species constructor ' +
				    'made a detached ArrayBuffer');
			if (r === o)
				throw new TypeError(name + ': the species constructor ' +
				    'returned the same ArrayBuffer');
			if (call(abLength, r) < n)
				throw new TypeError(name + ': the species constructor ' +
				    'made an ArrayBuffer too small');
			if (bufClass(o) & 8)
				throw new TypeError('Cannot perform ' + name +
				    ' on a detached ArrayBuffer');
			len = call(abLength, o);
			if (first < len)
				copyBytes(r, o, first, first + n > len ? len - first : n);
			return r;
		}
	}, { transfer: 0, transferToFixedLength: 0, slice: 2 });
	/*
	 * The constructor: ToIndex(length), then the prototype of new.target
	 * (OrdinaryCreateFromConstructor, which may throw), then the
	 * allocation. Growth is absent, so the options bag is not read.
	 */
	var NAB = AB;
	AB = function ArrayBuffer(length) {
		var nt = takeNewTarget(AB), n, proto, r;
		if (!(this instanceof AB))
			throw new TypeError("Constructor ArrayBuffer requires 'new'");
		n = toIndex(length, 'Invalid array buffer length');
		proto = protoOf(nt, this, ABP);
		r = new NAB(n);
		if (proto !== ABP)
			setProto(r, proto);
		return r;
	};
	AB.prototype = ABP;
	P.def(ABP, 'constructor', AB);
	P.def(AB, 'isView', NAB.isView);
	P.species(AB);
	P.ctorShape(AB, 1);

	P.defGetter(ABP, 'byteLength', 'byteLength', function () {
		return call(abLength, thisBuffer(this,
		    'get ArrayBuffer.prototype.byteLength'));
	});
	P.defGetter(ABP, 'detached', 'detached', function () {
		return (bufClass(thisBuffer(this,
		    'get ArrayBuffer.prototype.detached')) & 8) !== 0;
	});
	tagOf(AB, 'ArrayBuffer');

	/* --- DataView ----------------------------------------------------- */

	function thisView(o, name) {
		if ((bufClass(o) & 7) !== 2)
			throw new TypeError(name + ' called on an incompatible ' +
			    'receiver ' + P.describe(o));
		return o;
	}
	function detachedView(name) {
		return new TypeError('Cannot perform ' + name +
		    ' on a detached ArrayBuffer');
	}

	var DV = function DataView(buffer, byteOffset, byteLength) {
		var nt = takeNewTarget(DV), k = bufClass(buffer), off, bufLen, len,
		    proto, r;
		if (!(this instanceof DV))
			throw new TypeError("Constructor DataView requires 'new'");
		if ((k & 7) !== 1)
			throw new TypeError('First argument to DataView ' +
			    'constructor must be an ArrayBuffer');
		off = toIndex(byteOffset, 'Start offset ',
		    ' is outside the bounds of the buffer');
		if (k & 8)
			throw detachedView('DataView');
		bufLen = call(abLength, buffer);
		if (off > bufLen)
			throw new RangeError('Start offset ' + off +
			    ' is outside the bounds of the buffer');
		if (byteLength === undefined) {
			len = bufLen - off;
		} else {
			len = toIndex(byteLength, 'Invalid DataView length ', '');
			if (off + len > bufLen)
				throw new RangeError('Invalid DataView length ' + len);
		}
		/* OrdinaryCreateFromConstructor reads new.target's prototype
		 * (a getter may detach the buffer) before the view is made. */
		proto = protoOf(nt, this, DVP);
		if (bufClass(buffer) & 8)
			throw detachedView('DataView');
		r = new NDV(buffer, off, len);
		if (proto !== DVP)
			setProto(r, proto);
		return r;
	};
	DV.prototype = DVP;
	P.def(DVP, 'constructor', DV);
	P.ctorShape(DV, 1);

	P.defGetter(DVP, 'buffer', 'buffer', function () {
		return call(dvBuffer, thisView(this,
		    'get DataView.prototype.buffer'));
	});
	P.defGetter(DVP, 'byteLength', 'byteLength', function () {
		var name = 'get DataView.prototype.byteLength';
		if (bufClass(thisView(this, name)) & 8)
			throw detachedView(name);
		return call(dvLength, this);
	});
	P.defGetter(DVP, 'byteOffset', 'byteOffset', function () {
		var name = 'get DataView.prototype.byteOffset';
		if (bufClass(thisView(this, name)) & 8)
			throw detachedView(name);
		return call(dvOffset, this);
	});
	tagOf(DV, 'DataView');

	/* GetViewValue / SetViewValue's checks, then Duktape's method. */
	function at(o, byteOffset, size, name) {
		var i;
		thisView(o, name);
		i = toIndex(byteOffset,
		    'Offset is outside the bounds of the DataView');
		return i;
	}
	function inRange(o, i, size, name) {
		if (bufClass(o) & 8)
			throw detachedView(name);
		if (i + size > call(dvLength, o))
			throw new RangeError('Offset is outside the bounds of the ' +
			    'DataView');
	}
	function accessors(type, size) {
		var nget = DVP['get' + type], nset = DVP['set' + type];
		var gname = 'DataView.prototype.get' + type;
		var sname = 'DataView.prototype.set' + type;
		var g = function (byteOffset) {
			var i = at(this, byteOffset, size, gname);
			var le = !!arguments[1];
			inRange(this, i, size, gname);
			return call(nget, this, i, le);
		};
		var s = function (byteOffset, value) {
			var i = at(this, byteOffset, size, sname);
			var v = +value;
			var le = !!arguments[2];
			inRange(this, i, size, sname);
			call(nset, this, i, v, le);
		};
		P.setName(g, 'get' + type);
		P.setName(s, 'set' + type);
		P.def(DVP, 'get' + type, g);
		P.def(DVP, 'set' + type, s);
		P.setLength(g, 1);
		P.setLength(s, 2);
	}
	var getU16 = DVP.getUint16, setU16 = DVP.setUint16;
	var types = [['Int8', 1], ['Uint8', 1], ['Int16', 2], ['Uint16', 2],
	    ['Int32', 4], ['Uint32', 4], ['Float32', 4], ['Float64', 8]];
	var t;
	for (t = 0; t < types.length; t++)
		accessors(types[t][0], types[t][1]);

	/* binary16 <-> Number, roundTiesToEven (IEEE 754-2019). */
	function roundEven(v) {
		var f = Math.floor(v), d = v - f;
		if (d > 0.5 || (d === 0.5 && f % 2 === 1))
			f++;
		return f;
	}
	function toHalf(x) {
		var s = (x < 0 || (x === 0 && 1 / x < 0)) ? 0x8000 : 0;
		var a = x < 0 ? -x : x, e, p, m;
		if (a !== a)
			return 0x7e00;
		if (a === 0)
			return s;
		if (a >= 65520)
			return s | 0x7c00;
		if (a < 6.103515625e-05)
			return s | roundEven(a * 16777216);
		e = Math.floor(Math.log(a) / Math.LN2);
		p = Math.pow(2, e);
		if (p > a) {
			e--;
			p /= 2;
		} else if (p * 2 <= a) {
			e++;
			p *= 2;
		}
		m = roundEven((a / p - 1) * 1024);
		if (m === 1024) {
			m = 0;
			e++;
		}
		if (e > 15)
			return s | 0x7c00;
		return s | ((e + 15) << 10) | m;
	}
	function fromHalf(h) {
		var s = h & 0x8000 ? -1 : 1, e = (h >> 10) & 31, m = h & 1023;
		if (e === 0)
			return s * m * 5.960464477539063e-08;
		if (e === 31)
			return m ? NaN : s * Infinity;
		return s * (1 + m / 1024) * Math.pow(2, e - 15);
	}
	P.fromHalf = fromHalf;
	P.toHalf = toHalf;
	P.defs(DVP, {
		getFloat16: function getFloat16(byteOffset) {
			var name = 'DataView.prototype.getFloat16';
			var i = at(this, byteOffset, 2, name);
			var le = !!arguments[1];
			inRange(this, i, 2, name);
			return fromHalf(call(getU16, this, i, le));
		},
		setFloat16: function setFloat16(byteOffset, value) {
			var name = 'DataView.prototype.setFloat16';
			var i = at(this, byteOffset, 2, name);
			var v = toHalf(+value);
			var le = !!arguments[2];
			inRange(this, i, 2, name);
			call(setU16, this, i, v, le);
		}
	}, { getFloat16: 1, setFloat16: 2 });


	/* --- %TypedArray% and the typed array constructors ------------------ */

	var TA = P.TypedArray, TAP = TA.prototype, describe = P.describe;
	var toInt = P.toInt;
	var isCtor = P.native.isConstructor;
	var nativeSet = TAP.set;
	/* by Duktape's element type (bufClass >> 4), DUK_HBUFOBJ_ELEM_* */
	var kinds = ['Uint8Array', 'Uint8ClampedArray', 'Int8Array',
	    'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array',
	    'Float32Array', 'Float64Array'];
	var ctors = {};

	/* SpeciesConstructor(o, dflt) */
	function speciesCtor(o, dflt) {
		var C = o.constructor, S;
		if (C === undefined)
			return dflt;
		if (!P.isObject(C))
			throw new TypeError('object.constructor is not an object');
		S = C[speciesSym];
		if (S === undefined || S === null)
			return dflt;
		if (!isCtor(S))
			throw new TypeError('object.constructor[Symbol.species] ' +
			    'is not a constructor');
		return S;
	}
	P.speciesCtor = speciesCtor;
	/* ValidateTypedArray */
	function check(o) {
		var k = bufClass(o);
		if ((k & 7) !== 3)
			throw new TypeError('this is not a typed array.');
		if (k & 8)
			throw new TypeError('Cannot perform %TypedArray%.prototype ' +
			    'method on a detached ArrayBuffer');
		return o;
	}
	/* TypedArrayCreateFromConstructor's checks on what C made (n: the
	 * length asked for, or -1 for a view over a buffer) */
	function made(r, n) {
		var k = bufClass(r);
		if ((k & 7) !== 3)
			throw new TypeError('the constructor made no typed array');
		if (k & 8)
			throw new TypeError('the constructor made a typed array ' +
			    'over a detached ArrayBuffer');
		if (taLen(r) < n)
			throw new TypeError('the constructor made a typed array ' +
			    'too short');
		return r;
	}
	/* TypedArraySpeciesCreate */
	function create(o, a, b, c) {
		var C = speciesCtor(o, ctors[kinds[bufClass(o) >> 4]]);
		if (arguments.length > 2)
			return made(new C(a, b, c), -1);
		return made(new C(a), a);
	}
	/* TypedArrayCreateSameType: no species */
	function same(o, n) {
		var C = ctors[kinds[bufClass(o) >> 4]];
		return new C(n);
	}
	function fnCheck(cb) {
		if (typeof cb !== 'function')
			throw new TypeError(describe(cb) + ' is not a function');
		return cb;
	}

	P.defs(TA, {
		from: function from(src, mapFn, thisArg) {
			var C = this, r, j, a, n;
			/* %TypedArray% is a constructor that always throws; Duktape's
			 * is none, so its `new` below throws the TypeError */
			if (!isCtor(C) && C !== TA)
				throw new TypeError(describe(C) + ' is not a constructor');
			if (mapFn !== undefined && typeof mapFn !== 'function')
				throw new TypeError(describe(mapFn) + ' is not a function');
			/* the values first, then each mapped and stored in turn
			 * (a store's ToNumber that throws ends the mapping) */
			a = arrayFrom(src);
			n = a.length;
			r = made(new C(n), n);
			for (j = 0; j < n; j++)
				r[j] = mapFn === undefined ? a[j] :
				    P.callFn(mapFn, thisArg, a[j], j);
			return r;
		},
		of: function of() {
			var C = this, r, j;
			/* %TypedArray% is a constructor that always throws; Duktape's
			 * is none, so its `new` below throws the TypeError */
			if (!isCtor(C) && C !== TA)
				throw new TypeError(describe(C) + ' is not a constructor');
			r = made(new C(arguments.length), arguments.length);
			for (j = 0; j < arguments.length; j++)
				r[j] = arguments[j];
			return r;
		}
	}, { from: 1, of: 0 });

	P.defs(TAP, {
		slice: function slice(start, end) {
			var o = check(this), len = taLen(o), k, fin, r, n, j;
			k = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			n = fin > k ? fin - k : 0;
			r = create(o, n);
			if (n > 0 && (bufClass(o) & 8))
				throw new TypeError('Cannot perform slice on a detached ' +
				    'ArrayBuffer');
			len = taLen(o);
			if (fin > len)
				fin = len;
			for (j = 0; k + j < fin; j++)
				r[j] = o[k + j];
			return r;
		},
		subarray: function subarray(start, end) {
			var o = this, k = bufClass(o), len, b, fin, size;
			if ((k & 7) !== 3)
				throw new TypeError('this is not a typed array.');
			len = taLen(o);
			b = relIndex(start, len);
			fin = end === undefined ? len : relIndex(end, len);
			size = ctors[kinds[k >> 4]].BYTES_PER_ELEMENT;
			return create(o, o.buffer, o.byteOffset + b * size,
			    fin > b ? fin - b : 0);
		},
		set: function set(source) {
			var o = this, t;
			if ((bufClass(o) & 7) !== 3)
				throw new TypeError('this is not a typed array.');
			t = toInt(arguments[1]);
			if (t < 0)
				throw new RangeError('offset is out of bounds');
			if (bufClass(o) & 8)
				throw new TypeError('Cannot perform set on a detached ' +
				    'ArrayBuffer');
			/* ToObject: a primitive source is an array-like (a string
			 * one of its characters, any other one of length 0) */
			if (!P.isObject(source)) {
				if (source === undefined || source === null)
					throw new TypeError('Cannot convert ' + source +
					    ' to object');
				source = Object(source);
			}
			return call(nativeSet, o, source, t);
		},
		map: function map(cb, thisArg) {
			var o = check(this), len = taLen(o), r, j;
			fnCheck(cb);
			r = create(o, len);
			for (j = 0; j < len; j++)
				r[j] = call(cb, thisArg, o[j], j, o);
			return r;
		},
		filter: function filter(cb, thisArg) {
			var o = check(this), len = taLen(o), kept = [], r, j, v;
			fnCheck(cb);
			for (j = 0; j < len; j++) {
				v = o[j];
				if (call(cb, thisArg, v, j, o))
					kept[kept.length] = v;
			}
			r = create(o, kept.length);
			for (j = 0; j < kept.length; j++)
				r[j] = kept[j];
			return r;
		},
		toSorted: function toSorted(cmp) {
			var o, r;
			if (cmp !== undefined && typeof cmp !== 'function')
				throw new TypeError('The comparison function must be ' +
				    'either a function or undefined');
			o = check(this);
			r = same(o, taLen(o));
			r.set(o);
			return r.sort(cmp);
		},
		toReversed: function toReversed() {
			var o = check(this), len = taLen(o), r = same(o, len), j;
			for (j = 0; j < len; j++)
				r[j] = o[len - 1 - j];
			return r;
		},
		'with': function (index, value) {
			var o = check(this), len = taLen(o), k = toInt(index), r, v;
			if (k < 0)
				k += len;
			v = +value;
			if (!(k >= 0 && k < taLen(o)))
				throw new RangeError('Invalid typed array index');
			r = same(o, len);
			r.set(o);
			r[k] = v;
			return r;
		}
	}, { slice: 2, subarray: 2, set: 1, map: 1, filter: 1, toSorted: 1,
	    toReversed: 0, 'with': 2 });
	P.setName(TAP['with'], 'with');
	P.def(TAP, 'constructor', TA);

	/* The getters of %TypedArray%.prototype: a typed array receiver only,
	 * 0 over a detached buffer (`length` is 30_typed.js's native getter),
	 * and @@toStringTag (the kind's name, else undefined). */
	var taBuffer = getterOf(TAP, 'buffer');
	var taLength = getterOf(TAP, 'byteLength');
	var taOffset = getterOf(TAP, 'byteOffset');
	function thisTA(o, name) {
		var k = bufClass(o);
		if ((k & 7) !== 3)
			throw new TypeError(name + ' called on an incompatible ' +
			    'receiver ' + describe(o));
		return k;
	}
	P.defGetter(TAP, 'buffer', 'buffer', function () {
		thisTA(this, 'get %TypedArray%.prototype.buffer');
		return call(taBuffer, this);
	});
	P.defGetter(TAP, 'byteLength', 'byteLength', function () {
		return thisTA(this, 'get %TypedArray%.prototype.byteLength') & 8 ?
		    0 : call(taLength, this);
	});
	P.defGetter(TAP, 'byteOffset', 'byteOffset', function () {
		return thisTA(this, 'get %TypedArray%.prototype.byteOffset') & 8 ?
		    0 : call(taOffset, this);
	});
	P.defGetter(TAP, tagSym, '[Symbol.toStringTag]',
	    function () {
		var k = bufClass(this);
		return (k & 7) === 3 ? kinds[k >> 4] : undefined;
	});

	/*
	 * The constructors: Duktape's behind each, with the checks it lacks
	 * (a detached buffer, an @@iterator that is not callable), any
	 * iterable read as a list, and the prototype of new.target.
	 */
	/*
	 * An array-like's LengthOfArrayLike past what a buffer can hold is a
	 * RangeError (Duktape takes ToUint32 of it: 2^32 made an empty array).
	 * Looked at only when `length` is an own data property holding a
	 * number, where reading it before Duktape does is not observable.
	 */
	function checkLength(a, size) {
		var d = gopd(a, 'length'), n;
		if (d === undefined || !hasOwnI(d, 'value') ||
		    typeof d.value !== 'number')
			return;
		n = P.toLength(d.value);
		if (n * size > 0x7fffffff)
			throw new RangeError('Invalid typed array length: ' + n);
	}
	var arrayValues = P.arrayValues, arrayIterNext = P.arrayIterNext;
	var AIP = P.ArrayIter.prototype;
	function wrap(name) {
		var N = P.nativeTA[name], NP = N.prototype;
		var W = function (a, b, c) {
			var nt = takeNewTarget(W), it, k, r, proto;
			if (!(this instanceof W))
				throw new TypeError("Constructor " + name +
				    " requires 'new'");
			/* AllocateTypedArray reads the prototype first for an
			 * object, after ToIndex for a length */
			if (!P.isObject(a)) {
				if (arguments.length > 0)
					a = toIndex(a, 'Invalid typed array length: ', '');
				proto = protoOf(nt, this, NP);
			} else {
				proto = protoOf(nt, this, NP);
				k = bufClass(a);
				if ((k & 7) === 1 && (k & 8))
					throw new TypeError('Cannot construct a ' + name +
					    ' on a detached ArrayBuffer');
				if (k === 0) {
					it = a[iterSym];
					if (it === arrayValues && isArray(a) &&
					    AIP.next === arrayIterNext &&
					    P.native.arrPlain(a)) {
						/* Duktape reads it as the iteration
						 * would: no element's ToNumber can
						 * change the Array (any other one is
						 * listed first, below) */
					} else if (it !== undefined && it !== null) {
						if (typeof it !== 'function')
							throw new TypeError(describe(it) +
							    ' is not a function');
						a = arrayFrom(a);
					} else {
						checkLength(a, N.BYTES_PER_ELEMENT);
					}
				}
			}
			switch (arguments.length) {
			case 0:
				r = new N();
				break;
			case 1:
				r = new N(a);
				break;
			case 2:
				r = new N(a, b);
				break;
			default:
				r = new N(a, b, c);
			}
			if (proto !== NP)
				setProto(r, proto);
			return r;
		};
		P.setName(W, name);
		W.prototype = NP;
		P.def(NP, 'constructor', W);
		oDefine(W, 'BYTES_PER_ELEMENT',
		    { value: N.BYTES_PER_ELEMENT });
		setProto(W, TA);
		P.ctorShape(W, 3);
		ctors[name] = W;
		P.defGlobal(name, W);
	}
	for (t = 0; t < kinds.length; t++)
		wrap(kinds[t]);

	/* --- integer-indexed exotic objects (ES2025 10.4.5) ----------------- */

	/*
	 * Duktape answers a typed array's own properties itself: an index in
	 * range is an own data property that is not configurable (`length` is
	 * no own property: cm_talen, 30_typed.js), and every other key, a
	 * canonical numeric string such
	 * as '-0', '1.5' or an index past the end included, is an ordinary
	 * property. The reflective functions answer as the spec's typed array
	 * does ([[GetOwnProperty]], [[HasProperty]], [[DefineOwnProperty]],
	 * [[Get]], [[Set]], [[OwnPropertyKeys]]); an object that is no typed
	 * array costs them one native call (bufClass) and goes to the function
	 * they replace. The operators (ta['-0'], ta['1.5'] = v, 'x' in ta) stay
	 * Duktape's: they never leave its property code.
	 */
	var hasOwnI = P.I.hasOwn;
	function isTA(o) {
		return (bufClass(o) & 7) === 3;
	}
	/* ToPropertyKey */
	function propKey(k) {
		return typeof k === 'symbol' ? k : String(k);
	}
	/* CanonicalNumericIndexString: a Number, or undefined */
	function numericKey(k) {
		var n;
		if (typeof k !== 'string')
			return undefined;
		if (k === '-0')
			return -0;
		n = +k;
		return String(n) === k ? n : undefined;
	}
	function isNumericKey(k) {
		return numericKey(k) !== undefined;
	}
	/* IsValidIntegerIndex */
	function validIndex(o, n) {
		return (bufClass(o) & 8) === 0 && n % 1 === 0 &&
		    !(n === 0 && 1 / n < 0) && n >= 0 && n < taLen(o);
	}
	/* TypedArraySetElement: ToNumber first, then the write if in range */
	function setElement(o, n, v) {
		v = +v;
		if (validIndex(o, n))
			o[n] = v;
	}
	/* ToPropertyDescriptor, on a prototype-less record */
	function toDesc(a) {
		var d = oCreate(null);
		if (!P.isObject(a))
			throw new TypeError('Property description must be an object: ' +
			    describe(a));
		if ('enumerable' in a)
			d.enumerable = !!a.enumerable;
		if ('configurable' in a)
			d.configurable = !!a.configurable;
		if ('value' in a)
			d.value = a.value;
		if ('writable' in a)
			d.writable = !!a.writable;
		if ('get' in a) {
			d.get = a.get;
			if (d.get !== undefined && typeof d.get !== 'function')
				throw new TypeError('Getter must be a function: ' +
				    describe(d.get));
		}
		if ('set' in a) {
			d.set = a.set;
			if (d.set !== undefined && typeof d.set !== 'function')
				throw new TypeError('Setter must be a function: ' +
				    describe(d.set));
		}
		if (('get' in d || 'set' in d) && ('value' in d || 'writable' in d))
			throw new TypeError('Invalid property descriptor. Cannot both ' +
			    'specify accessors and a value or writable attribute');
		return d;
	}
	/* [[DefineOwnProperty]] of a numeric key: only a writable, enumerable,
	 * configurable data property of an index in range */
	function defineIndex(o, n, d) {
		if (!validIndex(o, n) || d.configurable === false ||
		    d.enumerable === false || 'get' in d || 'set' in d ||
		    d.writable === false)
			return false;
		if ('value' in d)
			setElement(o, n, d.value);
		return true;
	}
	function ownDesc(orig, o, k) {
		var n;
		if (!isTA(o))
			return orig(o, k);
		k = propKey(k);
		n = numericKey(k);
		if (n === undefined)
			return orig(o, k);
		if (!validIndex(o, n))
			return undefined;
		return { value: o[n], writable: true, enumerable: true,
		    configurable: true };
	}
	/* Ours replaces the prelude's function unless a guest replaced it
	 * before this group loaded: theirs stays (group proxy does the same),
	 * and it reaches the prelude's, not ours. */
	function replace(h, table, lengths) {
		var holder = P.origHolders[h], k, i, names = oNames(table);
		for (i = 0; i < names.length; i++) {
			k = names[i];
			if (lengths && lengths[k] !== undefined)
				P.setLength(table[k], lengths[k]);
			if (typeof P.native.noCtor === 'function')
				P.native.noCtor(table[k], 0);
			if (holder[k] === orig(h, k))
				P.def(holder, k, table[k]);
		}
	}
	replace('Object', {
		defineProperty(o, k, a) {
			var n;
			if (isTA(o) && (n = numericKey(k = propKey(k))) !== undefined) {
				if (!defineIndex(o, n, toDesc(a)))
					throw new TypeError('Cannot redefine property: ' + k);
				return o;
			}
			return oDefine(o, k, a);
		},
		getOwnPropertyDescriptor(o, k) {
			return ownDesc(oGopd, o, k);
		}
	});
	replace('Reflect', {
		defineProperty(t, k, a) {
			var n;
			if (isTA(t) && (n = numericKey(k = propKey(k))) !== undefined)
				return defineIndex(t, n, toDesc(a));
			return rDefine(t, k, a);
		},
		getOwnPropertyDescriptor(t, k) {
			return ownDesc(rGopd, t, k);
		},
		has(t, k) {
			var n, p;
			if (!isTA(t))
				return rHas(t, k);
			k = propKey(k);
			n = numericKey(k);
			if (n !== undefined)
				return validIndex(t, n);
			if (hasOwnI(t, k))
				return true;
			p = getProto(t);
			return p !== null && k in p;
		},
		get: function get(t, k) {
			var n;
			if (!isTA(t))
				return nApply(rGet, undefined, arguments);
			k = propKey(k);
			n = numericKey(k);
			if (n === undefined)
				return arguments.length < 3 ? rGet(t, k) :
				    rGet(t, k, arguments[2]);
			return validIndex(t, n) ? t[n] : undefined;
		},
		/* [[Set]]: on the typed array itself an element write (ToNumber
		 * even out of range); through another receiver an index out of
		 * range is done, one in range is OrdinarySet's */
		set: function set(t, k, v) {
			var n, recv = arguments.length < 4 ? t : arguments[3], o;
			if (!isTA(t)) {
				if (recv === t || !P.isObject(t) ||
				    !isNumericKey(k = propKey(k)))
					return nApply(rSet, undefined, arguments);
				/* OrdinarySet up t's chain to a typed array, whose
				 * [[Set]] then answers for the numeric key with this
				 * receiver (Duktape's walk forgets the receiver) */
				for (o = t; ; o = getProto(o)) {
					if (o === null || (P.isProxy !== undefined &&
					    P.isProxy(o)))
						return rSet(t, k, v, recv);
					if (isTA(o))
						break;
					if (hasOwnI(o, k))
						return rSet(t, k, v, recv);
				}
				t = o;
			}
			k = propKey(k);
			n = numericKey(k);
			if (n !== undefined) {
				if (recv === t) {
					setElement(t, n, v);
					return true;
				}
				if (!validIndex(t, n))
					return true;
				/* OrdinarySet with the element's writable data
				 * property: a typed array receiver defines its own
				 * element, which only an index in range can be */
				if (isTA(recv)) {
					if (!validIndex(recv, n))
						return false;
					setElement(recv, n, v);
					return true;
				}
			}
			return rSet(t, k, v, recv);
		}
	}, { get: 2, set: 3 });
	/* For the proxy group's own walk of a prototype chain (37_proxy.js):
	 * 1 when `o` is a typed array and `k` a canonical numeric key, which
	 * its [[Get]], [[Set]] and [[HasProperty]] answer without the chain. */
	P.taNumeric = function (o, k) {
		return isTA(o) && numericKey(propKey(k)) !== undefined;
	};

	/* no constructors, like every built-in method (99_seal.js); %TypedArray%
	 * is no global, so P.defGlobal does not reach its methods */
	if (typeof P.native.noCtor === 'function')
		P.native.noCtor(TA, 2);
	P.defGlobal('ArrayBuffer', AB);
	P.defGlobal('DataView', DV);
});

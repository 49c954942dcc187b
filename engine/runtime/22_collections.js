/*
 * 22_collections.js: Map, Set, WeakMap, WeakSet.
 *
 * Map/Set: an insertion-ordered doubly linked list of entry records plus
 * per-type lookup dictionaries.  Object keys get a hidden per-object slot
 * ({o: the object, id, w<N>: weak values}) the first time they are used; a
 * deleted entry keeps its links so live iterators step past it (an
 * iterator sitting on a removed entry walks back to a live one).
 *
 * Duktape has no weak references: a WeakMap stores its value in the key
 * object's hidden slot under the WeakMap's own id, so the value lives as
 * long as the key (and not the map).  Object.freeze/seal/preventExtensions
 * are wrapped to create the slot first; keys that were made non-extensible
 * some other way fall back to a strong list inside the map.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var SLOT = P.hidden('ObjectSlot');
	var MD = P.hidden('CollectionData');
	var hasOwn = Object.prototype.hasOwnProperty;
	var isExtensible = Object.isExtensible;
	var nextId = 1, nextWeakId = 1;
	var isObject = P.isObject;
	var describe = P.describe, valueText = P.native.valueText;
	var keyFor = Symbol.keyFor;

	function slotOf(o, create) {
		var s = o[SLOT];
		if (s !== undefined && s.o === o)
			return s;
		if (!create || !isExtensible(o))
			return undefined;
		s = Object.create(null);
		s.o = o;
		s.id = 0;
		Object.defineProperty(o, SLOT, { value: s, writable: false,
		    enumerable: false, configurable: false });
		return s;
	}
	P.slotOf = slotOf;

	/*
	 * What must happen to an object before it stops being extensible:
	 * later files add theirs (31_lazy.js loads the lazy globals first);
	 * the latest added runs first. Objects get their slot last.
	 */
	P.freezeHooks = [function (o) {
		if (isObject(o))
			try {
				slotOf(o, true);
			} catch (e) { /* proxies etc. */ }
	}];

	function wrapFreeze(obj, name) {
		var orig = obj[name], hooks = P.freezeHooks;
		if (typeof orig !== 'function')
			return;
		var w = function (o) {
			var i;
			for (i = hooks.length - 1; i >= 0; i--)
				hooks[i](o);
			return orig.apply(this, arguments);
		};
		P.setName(w, name);
		P.setLength(w, 1);
		P.def(obj, name, w);
	}
	/* Duktape's, for objects no hook cares about (41_bigint.js). */
	P.nativeFreeze = Object.freeze;
	wrapFreeze(Object, 'freeze');
	wrapFreeze(Object, 'seal');
	wrapFreeze(Object, 'preventExtensions');
	wrapFreeze(G.Reflect, 'preventExtensions');

	function Data() {
		this.s = Object.create(null);	/* string keys */
		this.n = Object.create(null);	/* number keys */
		this.x = Object.create(null);	/* other primitives and symbols */
		this.i = Object.create(null);	/* objects, by slot id */
		this.l = null;			/* non-extensible objects: entries */
		this.first = null;
		this.last = null;
		this.size = 0;
	}

	/* Entries are object literals: Duktape sizes a literal's property
	 * table once, a constructor grows it property by property. */
	function entry(k, v) {
		return { k: k, v: v, n: null, p: null, r: false };
	}

	function find(d, k) {
		var s, i;
		switch (typeof k) {
		case 'string':
			return d.s[k];
		case 'number':
			return d.n[k];
		case 'object':
			if (k === null)
				return d.x['null'];
			/* FALLTHROUGH */
		case 'function':
			s = k[SLOT];
			if (s !== undefined && s.o === k)
				return s.id === 0 ? undefined : d.i[s.id];
			if (d.l !== null)
				for (i = 0; i < d.l.length; i++)
					if (d.l[i].k === k)
						return d.l[i];
			return undefined;
		case 'symbol':
			return d.x[k];
		default:
			return d.x[String(k)];
		}
	}

	function add(d, k, v) {
		var e, s;
		if (k === 0)
			k = 0;	/* -0 becomes +0 */
		e = entry(k, v);
		switch (typeof k) {
		case 'string':
			d.s[k] = e;
			break;
		case 'number':
			d.n[k] = e;
			break;
		case 'object':
			if (k === null) {
				d.x['null'] = e;
				break;
			}
			/* FALLTHROUGH */
		case 'function':
			s = slotOf(k, true);
			if (s === undefined) {
				if (d.l === null)
					d.l = [];
				d.l.push(e);
				break;
			}
			if (s.id === 0)
				s.id = nextId++;
			d.i[s.id] = e;
			break;
		case 'symbol':
			d.x[k] = e;
			break;
		default:
			d.x[String(k)] = e;
		}
		if (d.last === null) {
			d.first = d.last = e;
		} else {
			e.p = d.last;
			d.last.n = e;
			d.last = e;
		}
		d.size++;
		return e;
	}

	function unlinkIndex(d, k) {
		var s, i;
		switch (typeof k) {
		case 'string':
			delete d.s[k];
			return;
		case 'number':
			delete d.n[k];
			return;
		case 'object':
			if (k === null) {
				delete d.x['null'];
				return;
			}
			/* FALLTHROUGH */
		case 'function':
			s = slotOf(k, false);
			if (s !== undefined && s.id !== 0) {
				delete d.i[s.id];
				return;
			}
			for (i = 0; d.l !== null && i < d.l.length; i++)
				if (d.l[i].k === k) {
					d.l.splice(i, 1);
					return;
				}
			return;
		case 'symbol':
			delete d.x[k];
			return;
		default:
			delete d.x[String(k)];
		}
	}

	function remove(d, k) {
		var e = find(d, k);
		if (e === undefined)
			return false;
		unlinkIndex(d, k);
		e.r = true;
		if (e.p !== null)
			e.p.n = e.n;
		else
			d.first = e.n;
		if (e.n !== null)
			e.n.p = e.p;
		else
			d.last = e.p;
		e.k = e.v = undefined;
		d.size--;
		return true;
	}

	function clear(d) {
		var e;
		for (e = d.first; e !== null; e = e.n) {
			e.r = true;
			e.k = e.v = undefined;
			e.p = null;	/* iterators on it restart at d.first */
		}
		d.s = Object.create(null);
		d.n = Object.create(null);
		d.x = Object.create(null);
		d.i = Object.create(null);
		d.l = null;
		d.first = d.last = null;
		d.size = 0;
	}

	/* The entry after `e` (null: before the first), skipping removed ones. */
	function advance(d, e) {
		while (e !== null && e.r)
			e = e.p;
		return e === null ? d.first : e.n;
	}

	function dataOf(self, tag, name) {
		var d = (self !== null && typeof self === 'object') ?
		    self[MD] : undefined;
		if (d === undefined || d.tag !== tag)
			throw new TypeError('Method ' + name + ' called on incompatible receiver ' +
			    valueText(self));
		return d;
	}

	/* Map/Set iterators. A Map iterator's kind (0 keys, 1 values, 2
	 * entries) is under CI_KM, a Set iterator's under CI_KS; the next
	 * methods read it as an own slot (ownSlot, natives.c), so neither an
	 * object inheriting from an iterator nor the other collection's
	 * iterator passes. */
	var CI_D = P.hidden('CollIterData'), CI_E = P.hidden('CollIterEntry'),
	    CI_KM = P.hidden('MapIterKind'), CI_KS = P.hidden('SetIterKind'),
	    CI_S = P.hidden('CollIterStarted');
	var ownSlot = P.native.ownSlot;
	function CollIter(self, d, kindKey, kind) {
		self[CI_D] = d;
		self[CI_E] = null;
		self[kindKey] = kind;
		self[CI_S] = false;
	}
	function makeIterProto(tag, kindKey) {
		var proto = Object.create(P.IteratorPrototype);
		P.def(proto, 'next', function next() {
			var k = ownSlot(this, kindKey), d, e;
			if (k === undefined)
				throw new TypeError('Method ' + tag + '.prototype.next ' +
				    'called on incompatible receiver ' + P.describe(this));
			d = this[CI_D];
			if (d === undefined)
				return { value: undefined, done: true };
			e = this[CI_S] ? advance(d, this[CI_E]) : d.first;
			this[CI_S] = true;
			if (e === null) {
				this[CI_D] = undefined;
				this[CI_E] = null;
				return { value: undefined, done: true };
			}
			this[CI_E] = e;
			if (k === 0)
				return { value: e.k, done: false };
			if (k === 1)
				return { value: e.v, done: false };
			return { value: [e.k, e.v], done: false };
		});
		Object.defineProperty(proto, Symbol.toStringTag,
		    { value: tag, configurable: true });
		return proto;
	}
	function MapIter(d, kind) {
		CollIter(this, d, CI_KM, kind);
	}
	MapIter.prototype = makeIterProto('Map Iterator', CI_KM);
	function SetIter(d, kind) {
		CollIter(this, d, CI_KS, kind);
	}
	SetIter.prototype = makeIterProto('Set Iterator', CI_KS);
	/* their methods become no constructors at the seal (99_seal.js) */
	(P.noCtorProtos = P.noCtorProtos || []).push(MapIter.prototype,
	    SetIter.prototype);

	/* GetIterator's record {i: iterator, n: next method, read once} and
	 * IteratorStepValue (DONE at the end, 00_core.js). */
	var DONE = P.DONE, stepValue = P.stepValue;
	function iterRecord(it) {
		if (!isObject(it))
			throw new TypeError('Result of the keys method is not an object');
		return { i: it, n: it.next };
	}
	function openIter(iterable) {
		return iterRecord(P.getIterator(iterable));
	}
	function step(rec) {
		return stepValue(rec.i, rec.n);
	}

	function fillFrom(self, iterable, isMap) {
		var adder, it, e;
		if (iterable == null)
			return;
		adder = isMap ? self.set : self.add;
		if (typeof adder !== 'function')
			throw new TypeError("'" + describe(adder) + "' returned for property '" +
			    (isMap ? 'set' : 'add') + "' of object '#<" +
			    (isMap ? 'Map' : 'Set') + ">' is not a function");
		it = openIter(iterable);
		for (;;) {
			e = step(it);
			if (e === DONE)
				return;
			try {
				if (isMap) {
					if (!isObject(e))
						throw new TypeError('Iterator value ' +
						    (typeof e === 'string' ? e : describe(e)) +
						    ' is not an entry object');
					adder.call(self, e[0], e[1]);
				} else {
					adder.call(self, e);
				}
			} catch (err) {
				P.iterClose(it.i, true);
				throw err;
			}
		}
	}

	function initData(self, tag, name) {
		var d;
		if (!(self instanceof (tag === 1 ? Map : Set)) || self[MD] !== undefined)
			throw new TypeError("Constructor " + name + " requires 'new'");
		d = new Data();
		d.tag = tag;
		Object.defineProperty(self, MD, { value: d });
	}

	function Map(iterable) {
		initData(this, 1, 'Map');
		fillFrom(this, iterable, true);
	}
	P.defs(Map.prototype, {
		get: function get(k) {
			var e = find(dataOf(this, 1, 'Map.prototype.get'), k);
			return e === undefined ? undefined : e.v;
		},
		set: function set(k, v) {
			var d = dataOf(this, 1, 'Map.prototype.set');
			var e = find(d, k);
			if (e === undefined)
				add(d, k, v);
			else
				e.v = v;
			return this;
		},
		has: function has(k) {
			return find(dataOf(this, 1, 'Map.prototype.has'), k) !== undefined;
		},
		'delete': function (k) {
			return remove(dataOf(this, 1, 'Map.prototype.delete'), k);
		},
		clear: function clear_() {
			clear(dataOf(this, 1, 'Map.prototype.clear'));
		},
		forEach: function forEach(cb, thisArg) {
			var d = dataOf(this, 1, 'Map.prototype.forEach'), e;
			if (typeof cb !== 'function')
				throw new TypeError(P.valueSite(cb) +
				    ' is not a function');
			for (e = d.first; e !== null; e = advance(d, e))
				cb.call(thisArg, e.v, e.k, this);
		},
		keys: function keys() {
			return new MapIter(dataOf(this, 1, 'Map.prototype.keys'), 0);
		},
		values: function values() {
			return new MapIter(dataOf(this, 1, 'Map.prototype.values'), 1);
		},
		entries: function entries() {
			return new MapIter(dataOf(this, 1, 'Map.prototype.entries'), 2);
		},
		/* upsert proposal */
		getOrInsert: function getOrInsert(k, v) {
			var d = dataOf(this, 1, 'Map.prototype.getOrInsert');
			var e = find(d, k);
			if (e !== undefined)
				return e.v;
			add(d, k, v);
			return v;
		},
		getOrInsertComputed: function getOrInsertComputed(k, cb) {
			var d = dataOf(this, 1, 'Map.prototype.getOrInsertComputed');
			var e, v;
			if (typeof cb !== 'function')
				throw new TypeError(describe(cb) + ' is not a function');
			if (k === 0)
				k = 0;	/* the callback sees +0 */
			e = find(d, k);
			if (e !== undefined)
				return e.v;
			v = cb(k);
			/* the callback may have inserted the key itself */
			e = find(d, k);
			if (e !== undefined)
				e.v = v;
			else
				add(d, k, v);
			return v;
		}
	}, { set: 2, get: 1, has: 1, 'delete': 1, forEach: 1, getOrInsert: 2,
	    getOrInsertComputed: 2 });
	P.setName(Map.prototype['delete'], 'delete');
	P.setName(Map.prototype.clear, 'clear');
	P.def(Map.prototype, Symbol.iterator, Map.prototype.entries);
	P.defGetter(Map.prototype, 'size', 'size', function () {
		return dataOf(this, 1, 'get Map.prototype.size').size;
	});
	Object.defineProperty(Map.prototype, Symbol.toStringTag,
	    { value: 'Map', configurable: true });
	P.def(Map, 'groupBy', function groupBy(items, cb) {
		var m = new Map(), it, v, k, i = 0, d = m[MD], e;
		if (typeof cb !== 'function')
			throw new TypeError(describe(cb) + ' is not a function');
		it = openIter(items);
		for (;;) {
			v = step(it);
			if (v === DONE)
				return m;
			try {
				k = cb(v, i++);
			} catch (err) {
				P.iterClose(it.i, true);
				throw err;
			}
			e = find(d, k);
			if (e === undefined)
				add(d, k, [v]);
			else
				e.v.push(v);
		}
	});

	function Set(iterable) {
		initData(this, 2, 'Set');
		fillFrom(this, iterable, false);
	}
	P.defs(Set.prototype, {
		add: function add_(k) {
			var d = dataOf(this, 2, 'Set.prototype.add');
			if (find(d, k) === undefined)
				add(d, k, k === 0 ? 0 : k);
			return this;
		},
		has: function has(k) {
			return find(dataOf(this, 2, 'Set.prototype.has'), k) !== undefined;
		},
		'delete': function (k) {
			return remove(dataOf(this, 2, 'Set.prototype.delete'), k);
		},
		clear: function clear_() {
			clear(dataOf(this, 2, 'Set.prototype.clear'));
		},
		forEach: function forEach(cb, thisArg) {
			var d = dataOf(this, 2, 'Set.prototype.forEach'), e;
			if (typeof cb !== 'function')
				throw new TypeError(P.valueSite(cb) +
				    ' is not a function');
			for (e = d.first; e !== null; e = advance(d, e))
				cb.call(thisArg, e.k, e.k, this);
		},
		values: function values() {
			return new SetIter(dataOf(this, 2, 'Set.prototype.values'), 0);
		},
		entries: function entries() {
			return new SetIter(dataOf(this, 2, 'Set.prototype.entries'), 2);
		}
	}, { add: 1, has: 1, 'delete': 1, forEach: 1 });
	/*
	 * ES2025 set methods.  `other` is read through GetSetRecord (size, then
	 * has, then keys); its keys iterator's `next` is read once.  Results
	 * are fresh %Set% objects filled directly (never through `add`), and
	 * loops over this set's own entries are live, like the spec's index
	 * walks over [[SetData]].
	 */
	function setRecord(o) {
		var n, has, keys;
		if (!isObject(o))
			throw new TypeError(describe(o) + ' is not an object');
		n = +o.size;
		if (n !== n)
			throw new TypeError("The 'size' property must be a number");
		n = P.toInt(n);
		if (n < 0)
			throw new RangeError("The 'size' property must not be negative");
		has = o.has;
		if (typeof has !== 'function')
			throw new TypeError("The 'has' property must be a function");
		keys = o.keys;
		if (typeof keys !== 'function')
			throw new TypeError("The 'keys' property must be a function");
		return { o: o, size: n, has: has, keys: keys };
	}
	function keysOf(s) {
		return iterRecord(s.keys.call(s.o));
	}
	function copySet(d) {
		var r = new Set(), rd = r[MD], e;
		for (e = d.first; e !== null; e = advance(d, e))
			add(rd, e.k, e.k);
		return r;
	}
	P.defs(Set.prototype, {
		union: function union(other) {
			var d = dataOf(this, 2, 'Set.prototype.union');
			var s = setRecord(other), it = keysOf(s), r = copySet(d);
			var rd = r[MD], v;
			for (;;) {
				v = step(it);
				if (v === DONE)
					return r;
				if (find(rd, v) === undefined)
					add(rd, v, v === 0 ? 0 : v);
			}
		},
		intersection: function intersection(other) {
			var d = dataOf(this, 2, 'Set.prototype.intersection');
			var s = setRecord(other), r = new Set(), rd = r[MD], e, v, it;
			if (d.size <= s.size) {
				for (e = d.first; e !== null; e = advance(d, e)) {
					v = e.k;
					if (s.has.call(s.o, v) && find(rd, v) === undefined)
						add(rd, v, v);
				}
				return r;
			}
			it = keysOf(s);
			for (;;) {
				v = step(it);
				if (v === DONE)
					return r;
				if (find(d, v) !== undefined && find(rd, v) === undefined)
					add(rd, v, v === 0 ? 0 : v);
			}
		},
		difference: function difference(other) {
			var d = dataOf(this, 2, 'Set.prototype.difference');
			var s = setRecord(other), r = copySet(d), rd = r[MD], e, v, it;
			if (d.size <= s.size) {
				for (e = rd.first; e !== null; e = advance(rd, e))
					if (s.has.call(s.o, e.k))
						remove(rd, e.k);
				return r;
			}
			it = keysOf(s);
			for (;;) {
				v = step(it);
				if (v === DONE)
					return r;
				remove(rd, v);
			}
		},
		symmetricDifference: function symmetricDifference(other) {
			var d = dataOf(this, 2, 'Set.prototype.symmetricDifference');
			var s = setRecord(other), it = keysOf(s), r = copySet(d);
			var rd = r[MD], v, inResult;
			for (;;) {
				v = step(it);
				if (v === DONE)
					return r;
				inResult = find(rd, v) !== undefined;
				if (find(d, v) !== undefined) {
					if (inResult)
						remove(rd, v);
				} else if (!inResult) {
					add(rd, v, v === 0 ? 0 : v);
				}
			}
		},
		isSubsetOf: function isSubsetOf(other) {
			var d = dataOf(this, 2, 'Set.prototype.isSubsetOf');
			var s = setRecord(other), e;
			if (d.size > s.size)
				return false;
			for (e = d.first; e !== null; e = advance(d, e))
				if (!s.has.call(s.o, e.k))
					return false;
			return true;
		},
		isSupersetOf: function isSupersetOf(other) {
			var d = dataOf(this, 2, 'Set.prototype.isSupersetOf');
			var s = setRecord(other), it, v;
			if (d.size < s.size)
				return false;
			it = keysOf(s);
			for (;;) {
				v = step(it);
				if (v === DONE)
					return true;
				if (find(d, v) === undefined) {
					P.iterClose(it.i, false);
					return false;
				}
			}
		},
		isDisjointFrom: function isDisjointFrom(other) {
			var d = dataOf(this, 2, 'Set.prototype.isDisjointFrom');
			var s = setRecord(other), e, it, v;
			if (d.size <= s.size) {
				for (e = d.first; e !== null; e = advance(d, e))
					if (s.has.call(s.o, e.k))
						return false;
				return true;
			}
			it = keysOf(s);
			for (;;) {
				v = step(it);
				if (v === DONE)
					return true;
				if (find(d, v) !== undefined) {
					P.iterClose(it.i, false);
					return false;
				}
			}
		}
	});
	P.setName(Set.prototype.add, 'add');
	P.setName(Set.prototype['delete'], 'delete');
	P.setName(Set.prototype.clear, 'clear');
	P.def(Set.prototype, 'keys', Set.prototype.values);
	P.def(Set.prototype, Symbol.iterator, Set.prototype.values);
	P.defGetter(Set.prototype, 'size', 'size', function () {
		return dataOf(this, 2, 'get Set.prototype.size').size;
	});
	Object.defineProperty(Set.prototype, Symbol.toStringTag,
	    { value: 'Set', configurable: true });

	/* ---- WeakMap / WeakSet ---- */

	function WeakData(tag) {
		this.tag = tag;
		this.key = 'w' + (nextWeakId++);
		this.l = null;	/* strong fallback: [k0, v0, k1, v1, ...] */
		this.sy = null;	/* symbol keys (held strongly): {sym: value} */
	}

	/* CanBeHeldWeakly: objects and symbols not in the global registry. */
	function weakKey(k) {
		return isObject(k) ||
		    (typeof k === 'symbol' && keyFor(k) === undefined);
	}

	function weakFind(d, k) {
		var i;
		if (d.l !== null)
			for (i = 0; i < d.l.length; i += 2)
				if (d.l[i] === k)
					return i;
		return -1;
	}

	function weakGet(d, k, wantHas) {
		var s, i;
		if (!isObject(k)) {
			if (typeof k !== 'symbol' || d.sy === null ||
			    !hasOwn.call(d.sy, k))
				return wantHas ? false : undefined;
			return wantHas ? true : d.sy[k];
		}
		s = slotOf(k, false);
		if (s !== undefined) {
			if (wantHas)
				return s[d.key] !== undefined || (d.key in s);
			return s[d.key];
		}
		i = weakFind(d, k);
		if (wantHas)
			return i >= 0;
		return i >= 0 ? d.l[i + 1] : undefined;
	}

	function weakSet(d, k, v, what) {
		var s, i;
		if (!isObject(k)) {
			if (!weakKey(k))
				throw new TypeError('Invalid value used ' + what);
			if (d.sy === null)
				d.sy = Object.create(null);
			d.sy[k] = v;
			return;
		}
		s = slotOf(k, true);
		if (s !== undefined) {
			s[d.key] = v;
			return;
		}
		i = weakFind(d, k);
		if (i >= 0) {
			d.l[i + 1] = v;
		} else {
			if (d.l === null)
				d.l = [];
			d.l.push(k, v);
		}
	}

	function weakDelete(d, k) {
		var s, i;
		if (!isObject(k)) {
			if (typeof k !== 'symbol' || d.sy === null ||
			    !hasOwn.call(d.sy, k))
				return false;
			delete d.sy[k];
			return true;
		}
		s = slotOf(k, false);
		if (s !== undefined) {
			if (!(d.key in s))
				return false;
			delete s[d.key];
			return true;
		}
		i = weakFind(d, k);
		if (i < 0)
			return false;
		d.l.splice(i, 2);
		return true;
	}

	function initWeak(self, tag, name) {
		if (!(self instanceof (tag === 3 ? WeakMap : WeakSet)) ||
		    self[MD] !== undefined)
			throw new TypeError("Constructor " + name + " requires 'new'");
		Object.defineProperty(self, MD, { value: new WeakData(tag) });
	}

	function WeakMap(iterable) {
		initWeak(this, 3, 'WeakMap');
		fillFrom(this, iterable, true);
	}
	P.defs(WeakMap.prototype, {
		get: function get(k) {
			return weakGet(dataOf(this, 3, 'WeakMap.prototype.get'), k, false);
		},
		set: function set(k, v) {
			weakSet(dataOf(this, 3, 'WeakMap.prototype.set'), k, v,
			    'as weak map key');
			return this;
		},
		has: function has(k) {
			return weakGet(dataOf(this, 3, 'WeakMap.prototype.has'), k, true);
		},
		'delete': function (k) {
			return weakDelete(dataOf(this, 3, 'WeakMap.prototype.delete'), k);
		},
		getOrInsert: function getOrInsert(k, v) {
			var d = dataOf(this, 3, 'WeakMap.prototype.getOrInsert');
			if (!weakKey(k))
				throw new TypeError('Invalid value used as weak map key');
			if (weakGet(d, k, true))
				return weakGet(d, k, false);
			weakSet(d, k, v, 'as weak map key');
			return v;
		},
		getOrInsertComputed: function getOrInsertComputed(k, cb) {
			var d = dataOf(this, 3, 'WeakMap.prototype.getOrInsertComputed');
			var v;
			if (typeof cb !== 'function')
				throw new TypeError(describe(cb) + ' is not a function');
			if (!weakKey(k))
				throw new TypeError('Invalid value used as weak map key');
			if (weakGet(d, k, true))
				return weakGet(d, k, false);
			v = cb(k);
			weakSet(d, k, v, 'as weak map key');
			return v;
		}
	}, { set: 2, get: 1, has: 1, 'delete': 1, getOrInsert: 2,
	    getOrInsertComputed: 2 });
	P.setName(WeakMap.prototype['delete'], 'delete');
	Object.defineProperty(WeakMap.prototype, Symbol.toStringTag,
	    { value: 'WeakMap', configurable: true });

	function WeakSet(iterable) {
		initWeak(this, 4, 'WeakSet');
		fillFrom(this, iterable, false);
	}
	P.defs(WeakSet.prototype, {
		add: function add(k) {
			weakSet(dataOf(this, 4, 'WeakSet.prototype.add'), k, true,
			    'in weak set');
			return this;
		},
		has: function has(k) {
			return weakGet(dataOf(this, 4, 'WeakSet.prototype.has'), k, true);
		},
		'delete': function (k) {
			return weakDelete(dataOf(this, 4, 'WeakSet.prototype.delete'), k);
		}
	}, { add: 1, has: 1, 'delete': 1 });
	P.setName(WeakSet.prototype['delete'], 'delete');
	Object.defineProperty(WeakSet.prototype, Symbol.toStringTag,
	    { value: 'WeakSet', configurable: true });

	P.species(Map);
	P.species(Set);
	P.ctorShape(Map, 0);
	P.ctorShape(Set, 0);
	P.ctorShape(WeakMap, 0);
	P.ctorShape(WeakSet, 0);
	P.defs(G, { Map: Map, Set: Set, WeakMap: WeakMap, WeakSet: WeakSet });
	P.isMap = function (x) {
		return isObject(x) && x[MD] !== undefined && x[MD].tag === 1;
	};
	P.isSet = function (x) {
		return isObject(x) && x[MD] !== undefined && x[MD].tag === 2;
	};
	P.mapData = function (x) {
		return x[MD];
	};
})(this);

/*
 * 34_iterator.js (lazy group `iterator`): ES2025 Iterator helpers.  The
 * `Iterator` constructor (abstract: only a subclass may construct it),
 * Iterator.from with %WrapForValidIteratorPrototype%, Iterator.concat,
 * and the implementations behind the %Iterator.prototype% stubs of
 * 33_builtins.js: map, filter, take, drop, flatMap (lazy, through
 * %IteratorHelperPrototype%), reduce, toArray, forEach, some, every, find
 * (eager), and the proposals includes, join, chunks and windows.
 *
 * A helper object is a generator in all but name: its record holds the
 * state (suspended-start, suspended-yield, running, completed), the
 * underlying iterator record and a step function that runs to the next
 * value; return() closes what the helper was iterating when it yielded.
 * Validation failures of the arguments close the receiver, as the spec has
 * done since 2024.
 */
this.__cm.P.group('iterator', function (G, P) {
	'use strict';
	var IP = P.IteratorPrototype;
	var isObject = P.isObject;
	var call = P.callFn;
	var HELPER = P.hidden('IteratorHelper');
	var WRAP = P.hidden('IteratorWrap');
	var START = 0, YIELD = 1, RUN = 2, DONE = 3;
	var END = P.DONE;
	/* the prelude's functions (P.orig), never the globals: this group
	 * may load after guest code ran, which may have replaced them */
	var iterSym = P.orig('Symbol', 'iterator');
	var getProto = P.orig('Object', 'getPrototypeOf');
	var create = P.orig('Object', 'create');
	var defineProperty = P.orig('Object', 'defineProperty');
	var gopd = P.orig('Object', 'getOwnPropertyDescriptor');
	var ownKeys = P.orig('Reflect', 'ownKeys'), hasOwnI = P.I.hasOwn;
	var I = P.I;

	function result(v, d) {
		return { value: v, done: d };
	}
	function notObject(what) {
		return new TypeError(what + ' is not an object');
	}
	function callable(f) {
		return typeof f === 'function';
	}
	/* GetMethod */
	function method(o, key) {
		var m = o[key];
		if (m === undefined || m === null)
			return undefined;
		if (!callable(m))
			throw new TypeError(String(key) + ' is not a function');
		return m;
	}
	/* GetIteratorDirect */
	function direct(o) {
		return { i: o, n: o.next };
	}
	/* IteratorStepValue: the value, or END when done */
	function stepValue(rec) {
		return P.stepValue(rec.i, rec.n);
	}
	/* IteratorStep, without reading the value */
	function step(rec) {
		return P.iterStep(rec.i, rec.n) !== END;
	}
	/* IteratorClose with a throw completion: err wins */
	function closeThrow(o, err) {
		var m;
		try {
			m = o['return'];
			if (m !== undefined && m !== null)
				call(m, o);
		} catch (e) { /* the original error is what propagates */ }
		throw err;
	}
	/* IteratorClose with a normal or return completion */
	function close(o) {
		var m = method(o, 'return'), r;
		if (m === undefined)
			return;
		r = call(m, o);
		P.iterResult(r);
	}
	function thisObject(o, name) {
		if (!isObject(o))
			throw new TypeError('Iterator.prototype.' + name +
			    ' called on ' + P.describe(o));
		return o;
	}
	function needCallable(o, f) {
		if (!callable(f))
			closeThrow(o, new TypeError(P.describe(f) +
			    ' is not a function'));
	}
	/* take/drop: ToNumber, NaN and negative limits close the receiver */
	function limitOf(o, limit) {
		var n;
		try {
			n = +limit;
		} catch (e) {
			closeThrow(o, e);
		}
		if (n !== n)
			closeThrow(o, new RangeError(String(limit) +
			    ' must be positive'));
		n = P.toInt(n);
		if (n < 0 || (n !== Infinity && n > 9007199254740991))
			closeThrow(o, new RangeError(String(limit) +
			    ' must be positive'));
		return n;
	}
	/* GetIteratorFlattenable */
	function flattenable(obj, strings) {
		var m, it;
		if (!isObject(obj) && !(strings && typeof obj === 'string'))
			throw notObject(P.describe(obj));
		m = method(obj, iterSym);
		it = m === undefined ? obj : call(m, obj);
		if (!isObject(it))
			throw notObject(P.describe(it));
		return direct(it);
	}

	/* --- %IteratorHelperPrototype% ---------------------------------- */

	var HelperProto = create(IP);
	function helper(rec, stepFn, closeFn) {
		var o = create(HelperProto);
		defineProperty(o, HELPER, { value: { s: START, rec: rec,
		    step: stepFn, close: closeFn } });
		return o;
	}
	function slot(o, name) {
		var d = isObject(o) ? o[HELPER] : undefined;
		if (d === undefined || o[HELPER] !== d ||
		    !hasOwnI(o, HELPER))
			throw new TypeError('Iterator Helper.prototype.' + name +
			    ' called on incompatible receiver');
		return d;
	}
	function closeRec(d) {
		if (d.rec !== null && d.rec.all !== undefined)
			closeAll(d.rec.all, false);
		else if (d.rec !== null)
			close(d.rec.i);
	}
	P.defs(HelperProto, {
		next() {
			var d = slot(this, 'next'), v;
			if (d.s === RUN)
				throw new TypeError('Generator is already running');
			if (d.s === DONE)
				return result(undefined, true);
			d.s = RUN;
			try {
				v = d.step(d);
			} catch (e) {
				d.s = DONE;
				throw e;
			}
			if (v === END) {
				d.s = DONE;
				return result(undefined, true);
			}
			d.s = YIELD;
			return result(v, false);
		},
		'return'() {
			var d = slot(this, 'return'), s = d.s;
			if (s === RUN)
				throw new TypeError('Generator is already running');
			if (s === DONE)
				return result(undefined, true);
			d.s = s === START ? DONE : RUN;
			try {
				if (s === START)
					closeRec(d);
				else
					(d.close || closeRec)(d);
			} finally {
				d.s = DONE;
			}
			return result(undefined, true);
		}
	});
	defineProperty(HelperProto, P.orig('Symbol', 'toStringTag'),
	    { value: 'Iterator Helper', configurable: true });

	var H = {};
	H.map = function (o, mapper) {
		var rec, n = 0;
		thisObject(o, 'map');
		needCallable(o, mapper);
		rec = direct(o);
		return helper(rec, function () {
			var v = stepValue(rec);
			if (v === END)
				return END;
			try {
				return call(mapper, undefined, v, n++);
			} catch (e) {
				closeThrow(rec.i, e);
			}
		});
	};
	H.filter = function (o, pred) {
		var rec, n = 0;
		thisObject(o, 'filter');
		needCallable(o, pred);
		rec = direct(o);
		return helper(rec, function () {
			var v, t;
			for (;;) {
				v = stepValue(rec);
				if (v === END)
					return END;
				try {
					t = call(pred, undefined, v, n++);
				} catch (e) {
					closeThrow(rec.i, e);
				}
				if (t)
					return v;
			}
		});
	};
	H.take = function (o, limit) {
		var rec, left;
		thisObject(o, 'take');
		left = limitOf(o, limit);
		rec = direct(o);
		return helper(rec, function () {
			if (left === 0) {
				close(rec.i);
				return END;
			}
			if (left !== Infinity)
				left--;
			return stepValue(rec);
		});
	};
	H.drop = function (o, limit) {
		var rec, left;
		thisObject(o, 'drop');
		left = limitOf(o, limit);
		rec = direct(o);
		return helper(rec, function () {
			while (left > 0) {
				if (left !== Infinity)
					left--;
				if (!step(rec))
					return END;
			}
			return stepValue(rec);
		});
	};
	H.flatMap = function (o, mapper) {
		var rec, n = 0, inner = null;
		thisObject(o, 'flatMap');
		needCallable(o, mapper);
		rec = direct(o);
		return helper(rec, function () {
			var v;
			for (;;) {
				if (inner !== null) {
					try {
						v = stepValue(inner);
					} catch (e) {
						closeThrow(rec.i, e);
					}
					if (v !== END)
						return v;
					inner = null;
				}
				v = stepValue(rec);
				if (v === END)
					return END;
				try {
					inner = flattenable(call(mapper, undefined, v,
					    n++), false);
				} catch (e) {
					closeThrow(rec.i, e);
				}
			}
		}, function () {
			if (inner !== null) {
				try {
					close(inner.i);
				} catch (e) {
					closeThrow(rec.i, e);
				}
			}
			close(rec.i);
		});
	};
	H.reduce = function (o, reducer, hasInit, acc) {
		var rec, n = 0, v;
		thisObject(o, 'reduce');
		needCallable(o, reducer);
		rec = direct(o);
		if (!hasInit) {
			acc = stepValue(rec);
			if (acc === END)
				throw new TypeError('Reduce of empty iterator with ' +
				    'no initial value');
			n = 1;
		}
		for (;;) {
			v = stepValue(rec);
			if (v === END)
				return acc;
			try {
				acc = call(reducer, undefined, acc, v, n++);
			} catch (e) {
				closeThrow(rec.i, e);
			}
		}
	};
	H.toArray = function (o) {
		var rec, v, a = [];
		thisObject(o, 'toArray');
		rec = direct(o);
		for (;;) {
			v = stepValue(rec);
			if (v === END)
				return a;
			a[a.length] = v;
		}
	};
	/* forEach, some, every, find: mode 0..3 */
	function walk(o, fn, mode, name) {
		var rec, v, t, n = 0;
		thisObject(o, name);
		needCallable(o, fn);
		rec = direct(o);
		for (;;) {
			v = stepValue(rec);
			if (v === END)
				return mode === 1 ? false : mode === 2 ? true :
				    undefined;
			try {
				t = call(fn, undefined, v, n++);
			} catch (e) {
				closeThrow(rec.i, e);
			}
			if (mode === 0 || (mode === 2 ? !!t : !t))
				continue;
			close(rec.i);
			return mode === 1 ? true : mode === 2 ? false : v;
		}
	}
	H.forEach = function (o, fn) {
		return walk(o, fn, 0, 'forEach');
	};
	H.some = function (o, fn) {
		return walk(o, fn, 1, 'some');
	};
	H.every = function (o, fn) {
		return walk(o, fn, 2, 'every');
	};
	H.find = function (o, fn) {
		return walk(o, fn, 3, 'find');
	};
	H.includes = function (o, search, skipped) {
		var rec, v, toSkip = 0, n = 0;
		thisObject(o, 'includes');
		if (skipped !== undefined) {
			if (typeof skipped !== 'number' || skipped !== skipped ||
			    (isFinite(skipped) && Math.floor(skipped) !== skipped))
				closeThrow(o, new TypeError('skippedElements must ' +
				    'be an integral number'));
			if (skipped < 0 || (isFinite(skipped) &&
			    skipped > 9007199254740991))
				closeThrow(o, new RangeError('skippedElements out ' +
				    'of range'));
			toSkip = skipped;
		}
		rec = direct(o);
		for (;;) {
			v = stepValue(rec);
			if (v === END)
				return false;
			if (n < toSkip)
				n++;
			else if (P.sameValueZero(v, search)) {
				close(rec.i);
				return true;
			}
		}
	};
	H.join = function (o, separator) {
		var rec, v, sep = ',', r = '', first = true;
		thisObject(o, 'join');
		if (separator !== undefined) {
			try {
				sep = String(separator);
				if (typeof separator === 'symbol')
					throw new TypeError('Cannot convert a Symbol ' +
					    'value to a string');
			} catch (e) {
				closeThrow(o, e);
			}
		}
		rec = direct(o);
		for (;;) {
			v = stepValue(rec);
			if (v === END)
				return r;
			if (!first)
				r += sep;
			first = false;
			if (v !== undefined && v !== null) {
				try {
					if (typeof v === 'symbol')
						throw new TypeError('Cannot convert a ' +
						    'Symbol value to a string');
					r += String(v);
				} catch (e) {
					closeThrow(rec.i, e);
				}
			}
		}
	};
	function sizeOf(o, size, what) {
		if (typeof size !== 'number' || !isFinite(size) ||
		    Math.floor(size) !== size)
			closeThrow(o, new TypeError(what + ' must be an ' +
			    'integral number'));
		if (size < 1 || size > 4294967295)
			closeThrow(o, new RangeError(what + ' out of range'));
		return size;
	}
	H.chunks = function (o, size) {
		var rec;
		thisObject(o, 'chunks');
		size = sizeOf(o, size, 'chunkSize');
		rec = direct(o);
		return helper(rec, function (d) {
			var buf = [], v;
			if (d.ended)
				return END;
			for (;;) {
				v = stepValue(rec);
				if (v === END) {
					d.ended = true;
					return buf.length > 0 ? buf : END;
				}
				buf[buf.length] = v;
				if (buf.length === size)
					return buf;
			}
		});
	};
	H.windows = function (o, size, undersized) {
		var rec, win = [], yielded = false;
		thisObject(o, 'windows');
		size = sizeOf(o, size, 'windowSize');
		if (undersized === undefined)
			undersized = 'only-full';
		if (undersized !== 'only-full' && undersized !== 'allow-partial')
			closeThrow(o, new TypeError('undersized must be ' +
			    '"only-full" or "allow-partial"'));
		rec = direct(o);
		return helper(rec, function (d) {
			var v;
			if (d.ended)
				return END;
			for (;;) {
				v = stepValue(rec);
				if (v === END) {
					d.ended = true;
					if (!yielded && undersized === 'allow-partial' &&
					    win.length > 0)
						return I.slice(win);
					return END;
				}
				if (win.length === size)
					win.shift();
				win[win.length] = v;
				if (win.length === size) {
					yielded = true;
					return I.slice(win);
				}
			}
		});
	};


	/* --- Iterator.zip, Iterator.zipKeyed (joint iteration) ----------- */

	/* [first].concat(rest), without a guest's Array.prototype.concat or
	 * a setter it put on Array.prototype */
	function withFirst(first, rest) {
		var r = [first], i;
		for (i = 0; i < rest.length; i++)
			defineProperty(r, i + 1, { value: rest[i], writable: true,
			    enumerable: true, configurable: true });
		return r;
	}
	/* IteratorCloseAll: last opened first; `err` (if thrown) wins */
	function closeAll(list, thrown, err) {
		var i, first = null, failed = thrown;
		for (i = list.length - 1; i >= 0; i--) {
			try {
				if (failed)
					closeThrow(list[i].i, null);
				else
					close(list[i].i);
			} catch (e) {
				if (!failed) {
					failed = true;
					first = { e: e };
				}
			}
		}
		if (thrown)
			throw err;
		if (first !== null)
			throw first.e;
	}
	function zipOptions(options) {
		var mode, pad;
		if (options === undefined)
			return { mode: 'shortest', pad: undefined };
		if (!isObject(options))
			throw notObject(P.describe(options));
		mode = options.mode;
		if (mode === undefined)
			mode = 'shortest';
		if (mode !== 'shortest' && mode !== 'longest' && mode !== 'strict')
			throw new TypeError('mode must be "shortest", "longest" ' +
			    'or "strict"');
		if (mode === 'longest') {
			pad = options.padding;
			if (pad !== undefined && !isObject(pad))
				throw notObject(P.describe(pad));
		}
		return { mode: mode, pad: pad };
	}
	function remove(list, x) {
		var i = I.indexOf(list, x);
		if (i >= 0)
			list.splice(i, 1);
	}
	function zipHelper(iters, mode, padding, finish) {
		var n = iters.length, open = I.slice(iters);
		iters = I.slice(iters);
		return helper({ all: open }, function () {
			var res = [], i, k, it, v;
			if (n === 0)
				return END;
			for (i = 0; i < n; i++) {
				it = iters[i];
				if (it === null) {
					res[i] = padding[i];
					continue;
				}
				try {
					v = stepValue(it);
				} catch (e) {
					remove(open, it);
					closeAll(open, true, e);
				}
				if (v !== END) {
					res[i] = v;
					continue;
				}
				remove(open, it);
				if (mode === 'shortest') {
					closeAll(open, false);
					return END;
				}
				if (mode === 'strict') {
					if (i !== 0)
						closeAll(open, true, new TypeError(
						    'iterators of unequal length'));
					for (k = 1; k < n; k++) {
						try {
							v = step(iters[k]);
						} catch (e) {
							remove(open, iters[k]);
							closeAll(open, true, e);
						}
						if (!v)
							remove(open, iters[k]);
						else
							closeAll(open, true, new TypeError(
							    'iterators of unequal length'));
					}
					return END;
				}
				if (open.length === 0)
					return END;
				iters[i] = null;
				res[i] = padding[i];
			}
			return finish(res);
		}, function () {
			closeAll(open, false);
		});
	}
	function zipPadding(iters, pad, n, keys) {
		var padding = [], i, it, v, using = true;
		if (pad === undefined) {
			for (i = 0; i < n; i++)
				padding[i] = undefined;
			return padding;
		}
		try {
			if (keys !== null) {
				for (i = 0; i < n; i++)
					padding[i] = pad[keys[i]];
				return padding;
			}
			it = P.getIterator(pad);
			it = { i: it, n: it.next };
			for (i = 0; i < n; i++) {
				if (using) {
					v = stepValue(it);
					if (v === END)
						using = false;
					else
						padding[i] = v;
				}
				if (!using)
					padding[i] = undefined;
			}
		} catch (e) {
			closeAll(iters, true, e);
		}
		if (using) {
			try {
				close(it.i);
			} catch (e) {
				closeAll(iters, true, e);
			}
		}
		return padding;
	}
	function zip(iterables, options) {
		var opt, iters = [], input, v, it;
		if (!isObject(iterables))
			throw notObject(P.describe(iterables));
		opt = zipOptions(options);
		input = P.getIterator(iterables);
		input = { i: input, n: input.next };
		for (;;) {
			try {
				v = stepValue(input);
			} catch (e) {
				closeAll(iters, true, e);
			}
			if (v === END)
				break;
			try {
				it = flattenable(v, false);
			} catch (e) {
				closeAll(withFirst(input, iters), true, e);
			}
			I.push(iters, it);
		}
		return zipHelper(iters, opt.mode, opt.mode === 'longest' ?
		    zipPadding(iters, opt.pad, iters.length, null) : [],
		    function (r) {
			return r;
		});
	}
	function zipKeyed(iterables, options) {
		var opt, iters = [], keys = [], all, i, d, v;
		if (!isObject(iterables))
			throw notObject(P.describe(iterables));
		opt = zipOptions(options);
		all = ownKeys(iterables);
		for (i = 0; i < all.length; i++) {
			try {
				d = gopd(iterables, all[i]);
				if (d === undefined || !d.enumerable)
					continue;
				v = iterables[all[i]];
				if (v === undefined)
					continue;
				I.push(keys, all[i]);
				I.push(iters, flattenable(v, false));
			} catch (e) {
				closeAll(iters, true, e);
			}
		}
		return zipHelper(iters, opt.mode, opt.mode === 'longest' ?
		    zipPadding(iters, opt.pad, iters.length, keys) : [],
		    function (r) {
			var o = create(null), j;
			for (j = 0; j < keys.length; j++)
				defineProperty(o, keys[j], { value: r[j],
				    writable: true, enumerable: true,
				    configurable: true });
			return o;
		});
	}

	/* --- Iterator, Iterator.from, Iterator.concat -------------------- */

	function Iterator() {
		if (!(this instanceof Iterator) || getProto(this) === IP)
			throw new TypeError('Abstract class Iterator not ' +
			    'directly constructable');
	}
	Iterator.prototype = IP;
	P.ctorShape(Iterator, 0);
	defineProperty(Iterator, 'prototype', { writable: false,
	    enumerable: false, configurable: false });

	var WrapProto = create(IP);
	function wrapSlot(o) {
		var r = isObject(o) ? o[WRAP] : undefined;
		if (r === undefined ||
		    !hasOwnI(o, WRAP))
			throw new TypeError('incompatible receiver');
		return r;
	}
	P.defs(WrapProto, {
		next() {
			var r = wrapSlot(this);
			if (typeof r.n !== 'function')
				throw new TypeError(P.valueSite(r.n) + ' is not a function');
			return call(r.n, r.i);
		},
		'return'() {
			var r = wrapSlot(this), m = method(r.i, 'return');
			if (m === undefined)
				return result(undefined, true);
			return call(m, r.i);
		}
	});

	P.defs(Iterator, {
		from(O) {
			var rec = flattenable(O, true), w;
			if (rec.i instanceof Iterator)
				return rec.i;
			w = create(WrapProto);
			defineProperty(w, WRAP, { value: rec });
			return w;
		},
		concat() {
			var list = [], i, item, m;
			for (i = 0; i < arguments.length; i++) {
				item = arguments[i];
				if (!isObject(item))
					throw new TypeError(P.describe(item) +
					    ' is not an object');
				m = method(item, iterSym);
				if (m === undefined)
					throw new TypeError(P.describe(item) +
					    ' is not iterable');
				I.push(list, { o: item, m: m });
			}
			var k = 0, cur = null;
			return helper(null, function () {
				var it, v;
				for (;;) {
					if (cur === null) {
						if (k >= list.length)
							return END;
						it = call(list[k].m, list[k].o);
						k++;
						if (!isObject(it))
							throw notObject(P.describe(it));
						cur = direct(it);
					}
					v = stepValue(cur);
					if (v !== END)
						return v;
					cur = null;
				}
			}, function () {
				if (cur !== null)
					close(cur.i);
			});
		}
	});

	P.def(Iterator, 'zip', { zip(iterables) {
		return zip(iterables, arguments[1]);
	} }.zip);
	P.def(Iterator, 'zipKeyed', { zipKeyed(iterables) {
		return zipKeyed(iterables, arguments[1]);
	} }.zipKeyed);

	H.Iterator = Iterator;
	P.iterHelpers = H;
	P.defGlobal('Iterator', Iterator);
});

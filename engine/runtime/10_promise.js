/*
 * 10_promise.js: Promise, the microtask queue, queueMicrotask, timers and
 * the event-loop entry points the host drives.
 *
 * Promise state lives under hidden keys on the promise object itself.  A
 * reaction is a plain record, never a closure: {k: K_THEN, f, r, d} for
 * then(), {k: K_CAP, f, r, d: capability} for then() whose species is not
 * %Promise%, {k: K_FWD, p} to forward a settlement into another promise,
 * and coroutine records (k: K_CORO, see 15_coro.js) for await.  The job queue is
 * a flat array of 4-slot entries so queueing allocates nothing.
 */

/*
 * Built-in function objects: the functions the spec hands to user code
 * (resolving functions, capability executors, element and finally
 * functions) have no `prototype`, cannot be constructed, and have own
 * `length` then `name` ("").  Duktape gives every function expression a
 * `prototype` object and strict ones `caller`/`arguments` throwers; a
 * method of an object literal keyed '' (`{ ''(v) { ... } }['']`) has
 * none of these, is named "" after its key, and is cheaper to create than
 * a function expression.  (A setter read back through
 * getOwnPropertyDescriptor stood here before; accessors are now named
 * "set x" as V8 names them, and the descriptor cost a quarter more per
 * promise.)  This IIFE is not strict: it only calls functions it is handed.
 */
(function (G) {
	var P = G.__cm.P;
	var defineProperty = Object.defineProperty;

	/* A promise's resolve and reject functions with their shared flag. */
	P.fnResolvers = function (p, res, rej) {
		var done = false;
		return [{ ''(v) {
			if (done)
				return;
			done = true;
			res(p, v);
		} }[''], { ''(r) {
			if (done)
				return;
			done = true;
			rej(p, r);
		} }['']];
	};
	/* A built-in function of `len` (0..2) arguments that calls fn. */
	P.builtinFn = function (fn, len) {
		var f;
		if (len === 2) {
			f = { ''(a) {
				return fn(a, arguments[1]);
			} }[''];
		} else {
			f = { ''(a) {
				return fn(a);
			} }[''];
		}
		if (len !== 1)
			defineProperty(f, 'length', { value: len });
		return f;
	};
	/*
	 * finally's thenFinally and catchFinally for constructor C; presolve
	 * is PromiseResolve.  The value thunk and thrower are the same shape
	 * with `length` 0.
	 */
	P.fnFinally = function (C, onFinally, presolve) {
		return [{ ''(value) {
			return presolve(C, onFinally()).then({ ''() {
				return value;
			} }['']);
		} }[''], { ''(reason) {
			return presolve(C, onFinally()).then({ ''() {
				throw reason;
			} }['']);
		} }['']];
	};
	/*
	 * The element functions of the combinators for slot `index` ([onF,
	 * onR], undefined where the capability's own function is used);
	 * mode as in combState() of the strict part.
	 */
	P.fnElements = function (st, index, settle, mode) {
		var called = false, f, r;
		var wrap = mode === 1 || mode === 4;
		if (mode !== 2)
			f = { ''(v) {
				if (called)
					return;
				called = true;
				settle(st, index, wrap ? { status: 'fulfilled', value: v } : v);
			} }[''];
		if (mode === 2 || wrap)
			r = { ''(e) {
				if (called)
					return;
				called = true;
				settle(st, index, wrap ? { status: 'rejected', reason: e } : e);
			} }[''];
		return [f, r];
	};
})(this);

(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var N = P.native;
	var PS = P.hidden('PromiseState');	/* 0 pending, 1 fulfilled, 2 rejected */
	var PV = P.hidden('PromiseValue');
	var PR = P.hidden('PromiseReactions');	/* undefined, record or array */
	var PH = P.hidden('PromiseHandled');
	var K_THEN = 0, K_FWD = 1, K_CORO = 2, K_CAP = 3, K_ELEM = 4;
	var J_REACTION = 0, J_THENABLE = 1, J_CALLBACK = 2;
	/* Q[0..3] is a spent entry kept so the queue never writes index 0 of
	 * an empty array (that would run a setter put on Array.prototype). */
	var Q = [0, 0, 0, 0], qh = 4, draining = false;
	var unhandled = [], reported = [];
	var isObject = P.isObject;
	var describe = P.describe;
	var fnResolvers = P.fnResolvers, fnElements = P.fnElements;
	var builtinFn = P.builtinFn, fnFinally = P.fnFinally;
	var SPECIES = Symbol.species;
	var ownKeys = G.Reflect.ownKeys;
	var gopd = Object.getOwnPropertyDescriptor;
	/* Captured intrinsics (00_core.js): the job queue and the timers must
	 * not call a guest's replaced Array.prototype.push/slice/shift/splice
	 * or Function.prototype.apply. */
	var I = P.I;
	/* The reaction lists' test: captured, as a program may replace it,
	 * and a native call where instanceof would first look up and call
	 * Array[Symbol.hasInstance]. */
	var isArray = Array.isArray;
	var AggregateErrorProto = G.AggregateError.prototype;

	/*
	 * The hot paths name the queue once (drainMicrotasks says why) and
	 * write `void 0` rather than `undefined`, which Duktape looks up
	 * through every enclosing scope to the global object on each use.
	 */
	function enqueue(type, a, b, c) {
		var q = Q, n = q.length;
		q[n] = type;
		q[n + 1] = a;
		q[n + 2] = b;
		q[n + 3] = c;
	}

	/* An internal promise (no executor, no resolving closures). */
	function IP() {
		this[PS] = 0;
	}

	function isPromise(x) {
		return x !== null && typeof x === 'object' && x[PS] !== void 0;
	}

	function triggerReactions(rs, value, rejected) {
		var i;
		if (rs === void 0)
			return;
		if (isArray(rs)) {
			for (i = 0; i < rs.length; i++)
				enqueue(0 /* J_REACTION */, rs[i], value, rejected);
		} else {
			enqueue(0 /* J_REACTION */, rs, value, rejected);
		}
	}

	function fulfill(p, v) {
		var rs;
		if (p[PS] !== 0)
			return;
		rs = p[PR];
		p[PS] = 1;
		p[PV] = v;
		if (rs !== void 0)
			p[PR] = void 0;
		triggerReactions(rs, v, false);
	}

	function reject(p, r) {
		var rs;
		if (p[PS] !== 0)
			return;
		rs = p[PR];
		p[PS] = 2;
		p[PV] = r;
		if (rs !== void 0)
			p[PR] = void 0;
		if (!p[PH])
			I.push(unhandled, p);
		triggerReactions(rs, r, true);
	}

	/* The semantics of a promise's resolve function (without the once-flag). */
	function resolve(p, x) {
		var then;
		if (x === p) {
			reject(p, new TypeError(
			    'Chaining cycle detected for promise #<Promise>'));
			return;
		}
		if (x === null || (typeof x !== 'object' && typeof x !== 'function')) {
			fulfill(p, x);
			return;
		}
		try {
			then = x.then;
		} catch (e) {
			reject(p, e);
			return;
		}
		if (typeof then !== 'function') {
			fulfill(p, x);
			return;
		}
		enqueue(1 /* J_THENABLE */, p, x, then);
	}

	function performThen(p, rec) {
		var s = p[PS], rs;
		if (s === 0) {
			rs = p[PR];
			if (rs === void 0)
				p[PR] = rec;
			else if (isArray(rs))
				I.push(rs, rec);
			else
				p[PR] = [rs, rec];
		} else {
			enqueue(0 /* J_REACTION */, rec, p[PV], s === 2);
		}
		p[PH] = true;
	}

	/*
	 * A host answer's settlement (90_entry.js, settleCall): resolve(p, x),
	 * or reject(p, x) when rejected; x comes from the host's text, so it
	 * is never p. With no job queued, the reaction jobs settling p would
	 * queue are the next to run, in order: they run now, without the
	 * queue's round trip, still as jobs (a drain one asks for waits).
	 * x.then is read once, as resolve reads it.
	 */
	function settleAwaited(p, x, rejected) {
		var rs = p[PR], then, i;
		if (draining || qh < Q.length || p[PS] !== 0 || rs === void 0) {
			if (rejected)
				reject(p, x);
			else
				resolve(p, x);
			return;
		}
		if (!rejected && x !== null &&
		    (typeof x === 'object' || typeof x === 'function')) {
			try {
				then = x.then;
			} catch (e) {
				x = e;
				rejected = true;
			}
			if (!rejected && typeof then === 'function') {
				enqueue(1 /* J_THENABLE */, p, x, then);
				return;
			}
		}
		/* As fulfill or reject: with reactions, p is handled. */
		p[PS] = rejected ? 2 : 1;
		p[PV] = x;
		p[PR] = void 0;
		draining = true;
		try {
			if (isArray(rs))
				for (i = 0; i < rs.length; i++)
					runReaction(rs[i], x, rejected);
			else if (rs.k === 2 /* K_CORO */)
				rs.step(rs, x, rejected);
			else
				runReaction(rs, x, rejected);
		} finally {
			draining = false;
		}
	}

	/* Resolve/reject functions with the shared already-resolved flag. */
	function makeResolvers(p) {
		return fnResolvers(p, resolve, reject);
	}

	function runReaction(rec, arg, rejected) {
		var h, d, v;
		switch (rec.k) {
		case 0 /* K_THEN */:
			h = rejected ? rec.r : rec.f;
			d = rec.d;
			if (h === void 0) {
				if (rejected)
					reject(d, arg);
				else
					resolve(d, arg);
				return;
			}
			try {
				v = h(arg);
			} catch (e) {
				reject(d, e);
				return;
			}
			resolve(d, v);
			return;
		case 1 /* K_FWD */:
			if (rejected)
				reject(rec.p, arg);
			else
				resolve(rec.p, arg);
			return;
		case 4 /* K_ELEM */:
			elementReaction(rec.st, rec.i, arg, rejected);
			return;
		case 3 /* K_CAP */:
			/* then() on a subclass: settle the capability (called
			 * with an undefined receiver); its errors reach the host */
			h = rejected ? rec.r : rec.f;
			if (h !== void 0) {
				try {
					arg = h(arg);
					rejected = false;
				} catch (e) {
					arg = e;
					rejected = true;
				}
			}
			h = rejected ? rec.d.reject : rec.d.resolve;
			h(arg);
			return;
		default:
			rec.step(rec, arg, rejected);
		}
	}

	function runThenable(p, x, then) {
		var rs, C;
		if (then === promiseThen && isPromise(x)) {
			/* x.then(resolve, reject): when the species is %Promise%
			 * the derived promise is unobservable, so forward. */
			try {
				C = speciesCtor(x, Promise);
			} catch (e) {
				reject(p, e);
				return;
			}
			if (C === Promise) {
				performThen(x, { k: 1 /* K_FWD */, p: p });
				return;
			}
			rs = makeResolvers(p);
			try {
				performThen(x, { k: 3 /* K_CAP */, f: rs[0], r: rs[1],
				    d: newCapability(C) });
			} catch (e) {
				rs[1](e);
			}
			return;
		}
		rs = makeResolvers(p);
		try {
			then.call(x, rs[0], rs[1]);
		} catch (e) {
			rs[1](e);
		}
	}

	/* Runs queued jobs until the queue is empty.  A throwing
	 * queueMicrotask callback propagates (the host reports it as uncaught);
	 * the rest of the queue stays for the next drain. */
	function drainMicrotasks() {
		var t, a, b, c, i, p, q, h;
		/* Nothing queued and nothing unhandled: most turns of a run
		 * whose jobs ran as its answers came (settleAwaited). */
		if (draining || (qh >= Q.length && unhandled.length === 0))
			return;
		draining = true;
		/*
		 * The queue and its head in locals: Duktape found a name of the
		 * enclosing scope by a lookup through its closed record (about
		 * 340 instructions each; a hint and a check since cm_getvar,
		 * engine/host/duk_getvar.inc, still more than a register), and
		 * the loop named them 23 times a job. Only this function
		 * reads qh, and it does not run again while draining, so qh is
		 * stored back once, in finally: a job that throws leaves the
		 * queue consumed up to it, as before.
		 */
		q = Q;
		h = qh;
		try {
			while (h < q.length) {
				t = q[h];
				a = q[h + 1];
				b = q[h + 2];
				c = q[h + 3];
				q[h] = q[h + 1] = q[h + 2] = q[h + 3] = void 0;
				h += 4;
				if (h >= 4096) {
					Q = q = I.slice(q, h - 4);
					h = 4;
				}
				if (t === 0 /* J_REACTION */)
					runReaction(a, b, c);
				else if (t === 1 /* J_THENABLE */)
					runThenable(a, b, c);
				else
					a();
			}
			q.length = 4;
			h = 4;
		} finally {
			qh = h;
			draining = false;
		}
		for (i = 0; i < unhandled.length; i++) {
			p = unhandled[i];
			if (!p[PH])
				I.push(reported, p[PV]);
		}
		unhandled.length = 0;
	}

	function takeUnhandledRejections() {
		var r = reported;
		/* Every turn of the host's loop asks: no new array for none. */
		if (r.length !== 0)
			reported = [];
		return r;
	}

	/*
	 * A quiet turn (no job queued, no rejection to sort or report) in one
	 * call: nextTimerDelay()'s answer, or -3 when the turn has work, which
	 * the three calls above do. Most turns of a run making tool calls are
	 * quiet: its jobs ran as the answer came (settleAwaited).
	 */
	function quietTimerDelay() {
		if (draining || qh < Q.length || unhandled.length !== 0 ||
		    reported.length !== 0)
			return -3;
		return timers.length === 0 ? -1 : nextTimerDelay();
	}

	function newPromise() {
		return new IP();
	}

	/* PromiseResolve(%Promise%, x): used by await. Never throws. */
	function promiseResolve(x) {
		var p, c;
		if (isPromise(x)) {
			try {
				c = x.constructor;
			} catch (e) {
				p = new IP();
				reject(p, e);
				return p;
			}
			if (c === Promise)
				return x;
		}
		p = new IP();
		resolve(p, x);
		return p;
	}

	/*
	 * await v for a coroutine record: PerformPromiseThen(PromiseResolve(
	 * %Promise%, v), co).  A value that is not a thenable would make an
	 * already-fulfilled promise whose reaction is queued at once, so the
	 * reaction job is queued directly; the observable steps (the `then`
	 * lookup, the `constructor` lookup on native promises) are the same.
	 */
	function awaitValue(co, v) {
		var then, p, c;
		if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
			enqueue(0 /* J_REACTION */, co, v, false);
			return;
		}
		if (v[PS] !== void 0) {
			try {
				c = v.constructor;
			} catch (e) {
				enqueue(0 /* J_REACTION */, co, e, true);
				return;
			}
			if (c === Promise) {
				/* performThen's most frequent case, in place: a
				 * pending promise nothing else waits on. */
				if (v[PS] === 0 && v[PR] === void 0) {
					v[PR] = co;
					v[PH] = true;
				} else
					performThen(v, co);
				return;
			}
		}
		try {
			then = v.then;
		} catch (e) {
			enqueue(0 /* J_REACTION */, co, e, true);
			return;
		}
		if (typeof then !== 'function') {
			enqueue(0 /* J_REACTION */, co, v, false);
			return;
		}
		p = new IP();
		enqueue(1 /* J_THENABLE */, p, v, then);
		performThen(p, co);
	}

	/* NewPromiseCapability(C) */
	function newCapability(C) {
		var p, rs, cap;
		if (C === Promise) {
			p = new IP();
			rs = makeResolvers(p);
			return { promise: p, resolve: rs[0], reject: rs[1] };
		}
		if (typeof C !== 'function')
			throw new TypeError(describe(C) + ' is not a constructor');
		cap = { promise: undefined, resolve: undefined, reject: undefined };
		cap.promise = new C(builtinFn(function (res, rej) {
			if (cap.resolve !== undefined || cap.reject !== undefined)
				throw new TypeError('Promise executor has already been invoked with non-undefined arguments');
			cap.resolve = res;
			cap.reject = rej;
		}, 2));
		if (typeof cap.resolve !== 'function' ||
		    typeof cap.reject !== 'function')
			throw new TypeError('Promise resolve or reject function is not callable');
		return cap;
	}

	function Promise(executor) {
		var rs;
		if (!(this instanceof Promise) || this[PS] !== undefined)
			throw new TypeError("Promise constructor cannot be invoked without 'new'");
		if (typeof executor !== 'function')
			throw new TypeError('Promise resolver ' + describe(executor) +
			    ' is not a function');
		this[PS] = 0;
		rs = makeResolvers(this);
		try {
			executor(rs[0], rs[1]);
		} catch (e) {
			rs[1](e);
		}
	}
	IP.prototype = Promise.prototype;

	/* SpeciesConstructor(o, dflt) */
	function speciesCtor(o, dflt) {
		var C = o.constructor, S;
		if (C === undefined)
			return dflt;
		if (!isObject(C))
			throw new TypeError('The .constructor property is not an object');
		S = C[SPECIES];
		if (S === undefined || S === null)
			return dflt;
		if (typeof S !== 'function')
			throw new TypeError('object.constructor[Symbol.species] ' +
			    'is not a constructor');
		return S;
	}

	/* Call(f, undefined, [v]) for a capability's resolve/reject. */
	function callCap(f, v) {
		f(v);
	}

	function promiseThen(onFulfilled, onRejected) {
		var C, d, f, r;
		if (this === null || typeof this !== 'object' || this[PS] === undefined)
			throw new TypeError('Method Promise.prototype.then called on incompatible receiver ' +
			    describe(this));
		C = speciesCtor(this, Promise);
		f = typeof onFulfilled === 'function' ? onFulfilled : undefined;
		r = typeof onRejected === 'function' ? onRejected : undefined;
		if (C === Promise) {
			d = new IP();
			performThen(this, { k: 0 /* K_THEN */, f: f, r: r, d: d });
			return d;
		}
		d = newCapability(C);
		performThen(this, { k: 3 /* K_CAP */, f: f, r: r, d: d });
		return d.promise;
	}

	function thisCtor(self, what) {
		if (!isObject(self))
			throw new TypeError(what + ' called on non-object');
		return self;
	}

	function getResolve(C) {
		var r = C.resolve;
		if (typeof r !== 'function')
			throw new TypeError('Promise resolve is not a function');
		return r;
	}

	/*
	 * The combinators' iterator record ({i: iterator, n: next method,
	 * done}) and IteratorStepValue: any abrupt step marks it done, so the
	 * caller closes the iterator only for errors raised elsewhere.
	 */
	var DONE = P.DONE;
	var intrinsicResolve;
	function openIter(iterable) {
		var it = P.getIterator(iterable);
		return { i: it, n: it.next, done: false };
	}
	function stepValue(rec) {
		var v;
		rec.done = true;
		v = P.stepValue(rec.i, rec.n);
		rec.done = v === DONE;
		return v;
	}

	/*
	 * Shared state of all/allSettled/any (mode 0, 1, 2) and allKeyed/
	 * allSettledKeyed (3, 4).  The value list is a prototype-less object,
	 * so filling it never runs setters a program put on Array.prototype.
	 */
	function combState(cap, mode) {
		return { cap: cap, mode: mode, rem: 1, n: 0,
		    vals: Object.create(null),
		    keys: mode >= 3 ? Object.create(null) : undefined };
	}

	function finishCombinator(st) {
		var arr, e, i, o;
		if (st.mode >= 3) {
			o = Object.create(null);
			for (i = 0; i < st.n; i++)
				o[st.keys[i]] = st.vals[i];
			callCap(st.cap.resolve, o);
			return;
		}
		st.vals.length = st.n;
		arr = I.slice(st.vals);
		if (st.mode !== 2) {
			callCap(st.cap.resolve, arr);
			return;
		}
		e = new P.NativeError('All promises were rejected');
		Object.setPrototypeOf(e, AggregateErrorProto);
		P.def(e, 'errors', arr);
		callCap(st.cap.reject, e);
	}

	function settleElement(st, index, v) {
		st.vals[index] = v;
		if (--st.rem === 0)
			finishCombinator(st);
	}

	/*
	 * What the element functions of slot `index` do (fnElements), as a
	 * K_ELEM reaction: settled once, so without their flag.
	 */
	function elementReaction(st, index, v, rejected) {
		var m = st.mode;
		if (m === 1 || m === 4)
			settleElement(st, index, rejected ?
			    { status: 'rejected', reason: v } :
			    { status: 'fulfilled', value: v });
		else if (rejected === (m === 2))
			settleElement(st, index, v);
		else
			callCap(rejected ? st.cap.reject : st.cap.resolve, v);
	}

	/*
	 * Invoke(np, "then", ...) with the element functions for slot `index`.
	 * When `then` is the intrinsic one and the species %Promise%, the
	 * functions could only ever be called by that reaction, and the
	 * promise then() derives is unreachable: a K_ELEM reaction stands for
	 * both, after the same lookups (then, constructor, species).
	 */
	function elementThen(np, st, index) {
		var then = np.then, fs, f, r, S;

		if (then === promiseThen && isPromise(np)) {
			S = speciesCtor(np, Promise);
			if (S === Promise) {
				performThen(np, { k: 4 /* K_ELEM */, st: st, i: index });
				return;
			}
		}
		fs = fnElements(st, index, settleElement, st.mode);
		f = fs[0] !== undefined ? fs[0] : st.cap.resolve;
		r = fs[1] !== undefined ? fs[1] : st.cap.reject;
		if (S !== undefined)
			/* the intrinsic then() past its species lookup */
			performThen(np, { k: 3 /* K_CAP */, f: f, r: r,
			    d: newCapability(S) });
		else if (typeof then !== 'function')
			throw new TypeError(describe(then) + ' is not a function');
		else
			I.apply(then, np, [f, r]);
	}

	function combinator(C, iterable, mode) {
		var cap = newCapability(C);
		var rec, st, v, resolveFn;
		try {
			resolveFn = getResolve(C);
			rec = openIter(iterable);
			st = combState(cap, mode);
			for (;;) {
				v = stepValue(rec);
				if (v === DONE)
					break;
				st.vals[st.n] = undefined;
				st.n++;
				v = resolveFn === intrinsicResolve ?
				    promiseResolveC(C, v) : resolveFn.call(C, v);
				st.rem++;
				elementThen(v, st, st.n - 1);
			}
			if (--st.rem === 0)
				finishCombinator(st);
		} catch (e) {
			if (rec !== undefined && !rec.done)
				P.iterClose(rec.i, true);
			callCap(cap.reject, e);
		}
		return cap.promise;
	}

	/* Promise.allKeyed / allSettledKeyed (await-dictionary proposal). */
	function keyedCombinator(C, promises, mode) {
		var cap = newCapability(C);
		var resolveFn, st, keys, i, k, desc, v;
		try {
			resolveFn = getResolve(C);
			if (!isObject(promises))
				throw new TypeError(describe(promises) + ' is not an object');
			keys = ownKeys(promises);
			st = combState(cap, mode);
			for (i = 0; i < keys.length; i++) {
				k = keys[i];
				desc = gopd(promises, k);
				if (desc === undefined || !desc.enumerable)
					continue;
				v = promises[k];
				st.keys[st.n] = k;
				st.vals[st.n] = undefined;
				st.n++;
				v = resolveFn === intrinsicResolve ?
				    promiseResolveC(C, v) : resolveFn.call(C, v);
				st.rem++;
				elementThen(v, st, st.n - 1);
			}
			if (--st.rem === 0)
				finishCombinator(st);
		} catch (e) {
			callCap(cap.reject, e);
		}
		return cap.promise;
	}

	function promiseCatch(onRejected) {
		return this.then(undefined, onRejected);
	}

	function promiseFinally(onFinally) {
		var C, fs;
		if (!isObject(this))
			throw new TypeError('Promise.prototype.finally called on non-object');
		C = speciesCtor(this, Promise);
		if (typeof onFinally !== 'function')
			return this.then(onFinally, onFinally);
		fs = fnFinally(C, onFinally, promiseResolveC);
		return this.then(fs[0], fs[1]);
	}

	P.defs(Promise.prototype, {
		then: promiseThen,
		'catch': promiseCatch,
		'finally': promiseFinally
	}, { then: 2, 'catch': 1, 'finally': 1 });
	P.setName(promiseCatch, 'catch');
	P.setName(promiseFinally, 'finally');
	P.setName(promiseThen, 'then');
	Object.defineProperty(Promise.prototype, Symbol.toStringTag,
	    { value: 'Promise', configurable: true });

	/* PromiseResolve(C, x) */
	function promiseResolveC(C, x) {
		var p;
		if (isPromise(x) && x.constructor === C)
			return x;
		if (C === Promise) {
			p = new IP();
			resolve(p, x);
			return p;
		}
		p = newCapability(C);
		callCap(p.resolve, x);
		return p.promise;
	}

	P.defs(Promise, {
		resolve: function resolve(x) {
			return promiseResolveC(thisCtor(this, 'PromiseResolve'), x);
		},
		reject: function reject(r) {
			var cap = newCapability(thisCtor(this, 'PromiseReject'));
			callCap(cap.reject, r);
			return cap.promise;
		},
		all: function all(iterable) {
			return combinator(thisCtor(this, 'Promise.all'), iterable, 0);
		},
		allSettled: function allSettled(iterable) {
			return combinator(thisCtor(this, 'Promise.allSettled'), iterable, 1);
		},
		any: function any(iterable) {
			return combinator(thisCtor(this, 'Promise.any'), iterable, 2);
		},
		allKeyed: function allKeyed(promises) {
			return keyedCombinator(thisCtor(this, 'Promise.allKeyed'), promises, 3);
		},
		allSettledKeyed: function allSettledKeyed(promises) {
			return keyedCombinator(thisCtor(this, 'Promise.allSettledKeyed'), promises, 4);
		},
		race: function race(iterable) {
			var C = thisCtor(this, 'Promise.race');
			var cap = newCapability(C);
			var rec, v, resolveFn;
			try {
				resolveFn = getResolve(C);
				rec = openIter(iterable);
				for (;;) {
					v = stepValue(rec);
					if (v === DONE)
						break;
					resolveFn.call(C, v).then(cap.resolve, cap.reject);
				}
			} catch (e) {
				if (rec !== undefined && !rec.done)
					P.iterClose(rec.i, true);
				callCap(cap.reject, e);
			}
			return cap.promise;
		},
		'try': function (fn) {
			var cap = newCapability(thisCtor(this, 'Promise.try'));
			var args = I.slice(arguments, 1), v;
			try {
				if (typeof fn !== 'function')
					throw new TypeError(describe(fn) + ' is not a function');
				v = I.apply(fn, undefined, args);
			} catch (e) {
				callCap(cap.reject, e);
				return cap.promise;
			}
			callCap(cap.resolve, v);
			return cap.promise;
		},
		withResolvers: function withResolvers() {
			var cap = newCapability(thisCtor(this, 'Promise.withResolvers'));
			return { promise: cap.promise, resolve: cap.resolve,
			    reject: cap.reject };
		}
	});
	P.setName(Promise['try'], 'try');
	/* The combinators call it directly (no Function.prototype.call). */
	intrinsicResolve = Promise.resolve;
	P.species(Promise);
	P.ctorShape(Promise, 1);
	P.def(G, 'Promise', Promise);

	/*
	 * Node's account of a wrong argument (ERR_INVALID_ARG_TYPE's
	 * "Received ..."): an object by its constructor's name, a primitive
	 * by its type and its text, a string cut to 25 characters and quoted
	 * as node 20 quotes it (single quotes, or JSON when it holds one).
	 */
	function received(v) {
		var t = typeof v, c;
		if (v === null || v === undefined)
			return '' + v;
		if (t === 'string') {
			if (v.length > 28)
				v = I.sSlice(v, 0, 25) + '...';
			return 'type string (' + (I.sIndexOf(v, "'") < 0 ?
			    "'" + v + "'" : I.stringify(v)) + ')';
		}
		if (t === 'function')
			return 'function ' + v.name;
		if (P.isBigInt(v))
			return 'type bigint (' + P.bigDecimal(v) + 'n)';
		if (t === 'object') {
			c = v.constructor;
			return c && 'name' in c ? 'an instance of ' + c.name :
			    describe(v);
		}
		return 'type ' + t + ' (' + (v === 0 && 1 / v < 0 ? '-0' :
		    describe(v)) + ')';
	}

	function queueMicrotask(callback) {
		if (typeof callback !== 'function')
			throw new TypeError('The "callback" argument must be of type function. Received ' +
			    received(callback));
		enqueue(2 /* J_CALLBACK */, callback, undefined, undefined);
	}
	P.def(G, 'queueMicrotask', queueMicrotask);

	/*
	 * Timers.  Delays are clamped to [1, 2^31-1] ms like node, so
	 * setTimeout(f, 0) and setTimeout(g, 1) run in creation order.  The
	 * pending list is kept sorted by (due, seq); cleared timers are marked
	 * and skipped when they reach the head.
	 */
	var timers = [], timerById = {}, timerSeq = 0, timerNextId = 1;

	function timerLess(a, b) {
		return a.due < b.due || (a.due === b.due && a.seq < b.seq);
	}

	function timerInsert(t) {
		var lo = 0, hi = timers.length, mid;
		t.seq = timerSeq++;
		while (lo < hi) {
			mid = (lo + hi) >>> 1;
			if (timerLess(timers[mid], t))
				lo = mid + 1;
			else
				hi = mid;
		}
		I.splice(timers, lo, 0, t);
	}

	function addTimer(fn, delay, args, repeat) {
		var t, id;
		if (typeof fn !== 'function')
			throw new TypeError('The "callback" argument must be of type function. Received ' +
			    received(fn));
		delay = +delay;
		if (!(delay >= 1 && delay <= 2147483647))
			delay = 1;
		id = timerNextId++;
		t = { id: id, due: N.now() + delay, seq: 0, fn: fn,
		    args: args, ms: repeat ? delay : -1, dead: false };
		timerById[id] = t;
		timerInsert(t);
		return id;
	}

	function restArgs(a) {
		var r = [], i;
		for (i = 2; i < a.length; i++)
			I.push(r, a[i]);
		return r;
	}

	function clearTimer(id) {
		var t;
		if (typeof id !== 'number' && typeof id !== 'string')
			return;
		t = timerById[id];
		if (t === undefined)
			return;
		t.dead = true;
		delete timerById[id];
	}

	P.defs(G, {
		setTimeout: function setTimeout(fn, delay) {
			return addTimer(fn, delay, arguments.length > 2 ?
			    restArgs(arguments) : undefined, false);
		},
		setInterval: function setInterval(fn, delay) {
			return addTimer(fn, delay, arguments.length > 2 ?
			    restArgs(arguments) : undefined, true);
		},
		clearTimeout: function clearTimeout(id) {
			clearTimer(id);
		},
		clearInterval: function clearInterval(id) {
			clearTimer(id);
		}
	});

	function headTimer() {
		while (timers.length > 0 && timers[0].dead)
			I.shift(timers);
		return timers.length > 0 ? timers[0] : undefined;
	}

	function nextTimerDelay() {
		var t, d;
		/* Every turn of the host's loop asks, mostly with no timer. */
		if (timers.length === 0)
			return -1;
		t = headTimer();
		if (t === void 0)
			return -1;
		d = t.due - N.now();
		return d > 0 ? d : 0;
	}

	/* Fires the timers due by now, in (due, creation) order, draining
	 * microtasks after each.  Timers that become due meanwhile wait for
	 * the next call, so a 1 ms interval cannot starve the host. */
	function runDueTimers() {
		var now = N.now(), t;
		for (;;) {
			t = headTimer();
			if (t === undefined || t.due > now)
				break;
			I.shift(timers);
			if (t.ms >= 0) {
				t.due = N.now() + t.ms;
				timerInsert(t);
			} else {
				t.dead = true;
				delete timerById[t.id];
			}
			if (t.args === undefined)
				t.fn();
			else
				I.apply(t.fn, undefined, t.args);
			drainMicrotasks();
		}
	}

	cm.drainMicrotasks = drainMicrotasks;
	cm.nextTimerDelay = nextTimerDelay;
	cm.runDueTimers = runDueTimers;
	cm.takeUnhandledRejections = takeUnhandledRejections;
	cm.quietTimerDelay = quietTimerDelay;

	P.Promise = Promise;
	P.newPromise = newPromise;
	/* `new P.InternalPromise()` is newPromise() without its call. */
	P.InternalPromise = IP;
	P.isPromise = isPromise;
	P.resolvePromise = resolve;
	P.rejectPromise = reject;
	P.settleAwaited = settleAwaited;
	P.fulfillPromise = fulfill;
	P.performThen = performThen;
	P.promiseResolve = promiseResolve;
	P.awaitValue = awaitValue;
	P.K_CORO = 2 /* K_CORO */;
	P.PS = PS;
	P.PV = PV;
})(this);

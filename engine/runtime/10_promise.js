/*
 * 10_promise.js: Promise, the microtask queue, queueMicrotask, timers and
 * the event-loop entry points the host drives.
 *
 * Promise state lives under hidden keys on the promise object itself.  A
 * reaction is a plain record, never a closure: {k: K_THEN, f, r, d} for
 * then(), {k: K_FWD, p} to forward a settlement into another promise, and
 * coroutine records (k: K_CORO, see 15_coro.js) for await.  The job queue is
 * a flat array of 4-slot entries so queueing allocates nothing.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var N = P.native;
	var PS = P.hidden('PromiseState');	/* 0 pending, 1 fulfilled, 2 rejected */
	var PV = P.hidden('PromiseValue');
	var PR = P.hidden('PromiseReactions');	/* undefined, record or array */
	var PH = P.hidden('PromiseHandled');
	var K_THEN = 0, K_FWD = 1, K_CORO = 2;
	var J_REACTION = 0, J_THENABLE = 1, J_CALLBACK = 2;
	var Q = [], qh = 0, draining = false;
	var unhandled = [], reported = [];
	var isObject = P.isObject;
	var describe = P.describe;

	function enqueue(type, a, b, c) {
		Q.push(type, a, b, c);
	}

	/* An internal promise (no executor, no resolving closures). */
	function IP() {
		this[PS] = 0;
	}

	function isPromise(x) {
		return x !== null && typeof x === 'object' && x[PS] !== undefined;
	}

	function triggerReactions(rs, value, rejected) {
		var i;
		if (rs === undefined)
			return;
		if (rs instanceof Array) {
			for (i = 0; i < rs.length; i++)
				Q.push(0 /* J_REACTION */, rs[i], value, rejected);
		} else {
			Q.push(0 /* J_REACTION */, rs, value, rejected);
		}
	}

	function fulfill(p, v) {
		var rs;
		if (p[PS] !== 0)
			return;
		rs = p[PR];
		p[PS] = 1;
		p[PV] = v;
		if (rs !== undefined)
			p[PR] = undefined;
		triggerReactions(rs, v, false);
	}

	function reject(p, r) {
		var rs;
		if (p[PS] !== 0)
			return;
		rs = p[PR];
		p[PS] = 2;
		p[PV] = r;
		if (rs !== undefined)
			p[PR] = undefined;
		if (!p[PH])
			unhandled.push(p);
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
		Q.push(1 /* J_THENABLE */, p, x, then);
	}

	function performThen(p, rec) {
		var s = p[PS], rs;
		if (s === 0) {
			rs = p[PR];
			if (rs === undefined)
				p[PR] = rec;
			else if (rs instanceof Array)
				rs.push(rec);
			else
				p[PR] = [rs, rec];
		} else {
			Q.push(0 /* J_REACTION */, rec, p[PV], s === 2);
		}
		p[PH] = true;
	}

	/* Resolve/reject closures with the shared already-resolved flag. */
	function makeResolvers(p) {
		var done = false;
		var res = function (v) {
			if (done)
				return;
			done = true;
			resolve(p, v);
		};
		var rej = function (r) {
			if (done)
				return;
			done = true;
			reject(p, r);
		};
		return [res, rej];
	}

	function runReaction(rec, arg, rejected) {
		var h, d, v;
		switch (rec.k) {
		case 0 /* K_THEN */:
			h = rejected ? rec.r : rec.f;
			d = rec.d;
			if (h === undefined) {
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
		default:
			rec.step(rec, arg, rejected);
		}
	}

	function runThenable(p, x, then) {
		var rs;
		if (then === promiseThen && isPromise(x)) {
			performThen(x, { k: 1 /* K_FWD */, p: p });
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
		var t, a, b, c, i, p;
		if (draining)
			return;
		draining = true;
		try {
			while (qh < Q.length) {
				t = Q[qh];
				a = Q[qh + 1];
				b = Q[qh + 2];
				c = Q[qh + 3];
				Q[qh] = Q[qh + 1] = Q[qh + 2] = Q[qh + 3] = undefined;
				qh += 4;
				if (qh >= 4096) {
					Q = Q.slice(qh);
					qh = 0;
				}
				if (t === 0 /* J_REACTION */)
					runReaction(a, b, c);
				else if (t === 1 /* J_THENABLE */)
					runThenable(a, b, c);
				else
					a();
			}
			Q.length = 0;
			qh = 0;
		} finally {
			draining = false;
		}
		for (i = 0; i < unhandled.length; i++) {
			p = unhandled[i];
			if (!p[PH])
				reported.push(p[PV]);
		}
		unhandled.length = 0;
	}

	function takeUnhandledRejections() {
		var r = reported;
		reported = [];
		return r;
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
			Q.push(0 /* J_REACTION */, co, v, false);
			return;
		}
		if (v[PS] !== undefined) {
			try {
				c = v.constructor;
			} catch (e) {
				Q.push(0 /* J_REACTION */, co, e, true);
				return;
			}
			if (c === Promise) {
				performThen(v, co);
				return;
			}
		}
		try {
			then = v.then;
		} catch (e) {
			Q.push(0 /* J_REACTION */, co, e, true);
			return;
		}
		if (typeof then !== 'function') {
			Q.push(0 /* J_REACTION */, co, v, false);
			return;
		}
		p = new IP();
		Q.push(1 /* J_THENABLE */, p, v, then);
		performThen(p, co);
	}

	/* NewPromiseCapability(C) */
	function newCapability(C) {
		var p, rs, cap;
		if (C === Promise || C === undefined) {
			p = new IP();
			rs = makeResolvers(p);
			return { promise: p, resolve: rs[0], reject: rs[1] };
		}
		if (typeof C !== 'function')
			throw new TypeError(describe(C) + ' is not a constructor');
		cap = { promise: undefined, resolve: undefined, reject: undefined };
		cap.promise = new C(function (res, rej) {
			if (cap.resolve !== undefined || cap.reject !== undefined)
				throw new TypeError('Promise executor has already been invoked with non-undefined arguments');
			cap.resolve = res;
			cap.reject = rej;
		});
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

	function promiseThen(onFulfilled, onRejected) {
		var d;
		if (!isPromise(this))
			throw new TypeError('Method Promise.prototype.then called on incompatible receiver ' +
			    describe(this));
		d = new IP();
		performThen(this, { k: 0 /* K_THEN */,
		    f: typeof onFulfilled === 'function' ? onFulfilled : undefined,
		    r: typeof onRejected === 'function' ? onRejected : undefined,
		    d: d });
		return d;
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

	/* Shared driver of all/allSettled/any: `mode` 0 all, 1 allSettled, 2 any. */
	function combinator(C, iterable, mode) {
		var cap = newCapability(C);
		var it, r, values = [], remaining = 1, index = 0, resolveFn, np;
		var iterDone = false;
		var dec = function () { return --remaining; };
		try {
			resolveFn = getResolve(C);
			it = P.getIterator(iterable);
			for (;;) {
				try {
					r = it.next();
					if (!isObject(r))
						throw new TypeError('Iterator result ' + describe(r) + ' is not an object');
					if (r.done) {
						iterDone = true;
						break;
					}
					r = r.value;
				} catch (e) {
					iterDone = true;
					throw e;
				}
				values.push(undefined);
				np = resolveFn.call(C, r);
				remaining++;
				elementThen(np, cap, values, index, mode, dec);
				index++;
			}
			if (--remaining === 0)
				finishCombinator(cap, values, mode);
		} catch (e) {
			if (it !== undefined && !iterDone)
				P.iterClose(it, true);
			cap.reject(e);
		}
		return cap.promise;
	}

	function finishCombinator(cap, values, mode) {
		var err;
		if (mode === 2) {
			err = new G.AggregateError(values, 'All promises were rejected');
			cap.reject(err);
		} else {
			cap.resolve(values);
		}
	}

	function elementThen(np, cap, values, index, mode, dec) {
		var called = false;
		var onF, onR;
		function settle(v) {
			if (called)
				return;
			called = true;
			values[index] = v;
			if (dec() === 0)
				finishCombinator(cap, values, mode);
		}
		if (mode === 0) {
			onF = function (v) { settle(v); };
			onR = cap.reject;
		} else if (mode === 1) {
			onF = function (v) { settle({ status: 'fulfilled', value: v }); };
			onR = function (e) { settle({ status: 'rejected', reason: e }); };
		} else {
			onF = cap.resolve;
			onR = function (e) { settle(e); };
		}
		np.then(onF, onR);
	}

	P.defs(Promise.prototype, {
		then: promiseThen,
		'catch': function (onRejected) {
			return this.then(undefined, onRejected);
		},
		'finally': function (onFinally) {
			var C;
			if (!isObject(this))
				throw new TypeError('Promise.prototype.finally called on non-object');
			C = Promise;
			if (typeof onFinally !== 'function')
				return this.then(onFinally, onFinally);
			return this.then(function (value) {
				var r = onFinally();
				return promiseResolveC(C, r).then(function () {
					return value;
				});
			}, function (reason) {
				var r = onFinally();
				return promiseResolveC(C, r).then(function () {
					throw reason;
				});
			});
		}
	}, { then: 2, 'catch': 1, 'finally': 1 });
	P.setName(Promise.prototype['catch'], 'catch');
	P.setName(Promise.prototype['finally'], 'finally');
	P.setName(promiseThen, 'then');
	Object.defineProperty(Promise.prototype, Symbol.toStringTag,
	    { value: 'Promise', configurable: true });

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
		p.resolve(x);
		return p.promise;
	}

	P.defs(Promise, {
		resolve: function resolve(x) {
			return promiseResolveC(thisCtor(this, 'PromiseResolve'), x);
		},
		reject: function reject(r) {
			var cap = newCapability(thisCtor(this, 'PromiseReject'));
			cap.reject(r);
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
		race: function race(iterable) {
			var C = thisCtor(this, 'Promise.race');
			var cap = newCapability(C);
			var it, r, resolveFn, iterDone = false;
			try {
				resolveFn = getResolve(C);
				it = P.getIterator(iterable);
				for (;;) {
					try {
						r = it.next();
						if (!isObject(r))
							throw new TypeError('Iterator result ' + describe(r) + ' is not an object');
						if (r.done) {
							iterDone = true;
							break;
						}
						r = r.value;
					} catch (e) {
						iterDone = true;
						throw e;
					}
					resolveFn.call(C, r).then(cap.resolve, cap.reject);
				}
			} catch (e) {
				if (it !== undefined && !iterDone)
					P.iterClose(it, true);
				cap.reject(e);
			}
			return cap.promise;
		},
		'try': function (fn) {
			var cap = newCapability(thisCtor(this, 'Promise.try'));
			var args = Array.prototype.slice.call(arguments, 1);
			try {
				cap.resolve(fn.apply(undefined, args));
			} catch (e) {
				cap.reject(e);
			}
			return cap.promise;
		},
		withResolvers: function withResolvers() {
			var cap = newCapability(thisCtor(this, 'Promise.withResolvers'));
			return { promise: cap.promise, resolve: cap.resolve,
			    reject: cap.reject };
		}
	});
	P.def(G, 'Promise', Promise);

	function queueMicrotask(callback) {
		if (typeof callback !== 'function')
			throw new TypeError('The "callback" argument must be of type function. Received ' +
			    describe(callback));
		Q.push(2 /* J_CALLBACK */, callback, undefined, undefined);
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
		timers.splice(lo, 0, t);
	}

	function addTimer(fn, delay, args, repeat) {
		var t, id;
		if (typeof fn !== 'function')
			throw new TypeError('The "callback" argument must be of type function. Received ' +
			    describe(fn));
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
			r.push(a[i]);
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
			timers.shift();
		return timers.length > 0 ? timers[0] : undefined;
	}

	function nextTimerDelay() {
		var t = headTimer(), d;
		if (t === undefined)
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
			timers.shift();
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
				t.fn.apply(undefined, t.args);
			drainMicrotasks();
		}
	}

	cm.drainMicrotasks = drainMicrotasks;
	cm.nextTimerDelay = nextTimerDelay;
	cm.runDueTimers = runDueTimers;
	cm.takeUnhandledRejections = takeUnhandledRejections;

	P.Promise = Promise;
	P.newPromise = newPromise;
	P.isPromise = isPromise;
	P.resolvePromise = resolve;
	P.rejectPromise = reject;
	P.fulfillPromise = fulfill;
	P.performThen = performThen;
	P.promiseResolve = promiseResolve;
	P.awaitValue = awaitValue;
	P.K_CORO = 2 /* K_CORO */;
	P.PS = PS;
	P.PV = PV;
})(this);

/*
 * 15_coro.js: async functions, generators and async generators as Duktape
 * coroutines, plus the iteration helpers the lowering calls.
 *
 * A coroutine record `co` is also the promise reaction for its awaits
 * (k: K_CORO, step: the function the reaction job calls), so an await
 * allocates no closure.  `current` is the record of the coroutine running
 * now; __cm.await/__cm.yield read it to learn what to do.
 */

/*
 * The function object an async arrow is (cmAsyncArrow below), made in
 * sloppy code: Duktape gives every strict function own `caller` and
 * `arguments` properties, which an arrow must not have.
 */
(function (G) {
	var none = [];

	G.__cm.P.arrowFn = function (fn, run) {
		/* An arrow without parameters cannot see its arguments (an
		 * arrow's `arguments` is its enclosing function's): its
		 * wrapper makes no arguments object. */
		if (fn.length === 0)
			return function () {
				"use cm noctor";
				return run(fn, undefined, none);
			};
		return function () {
			"use cm noctor";
			return run(fn, undefined, arguments);
		};
	};
})(this);

(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var Thread = P.ThreadCtor;
	var resume = P.resume;
	var threadYield = P.yield;
	var newPromise = P.newPromise;
	var resolveP = P.resolvePromise;
	var rejectP = P.rejectPromise;
	var performThen = P.performThen;
	var promiseResolve = P.promiseResolve;
	var isPromise = P.isPromise, PromiseCtor = P.Promise;
	var isObject = P.isObject;
	var describe = P.describe;
	var iterResult = P.iterResult;
	var K_CORO = P.K_CORO;
	var GCO = P.hidden('GeneratorState');
	/* kinds */
	var ASYNC = 1, GEN = 2, AGEN = 3;
	/* what the coroutine asked for when it last yielded */
	var OP_AWAIT = 1, OP_YIELD = 2, OP_YIELD_RAW = 3;
	/* generator states */
	var ST_START = 0, ST_YIELD = 1, ST_RUNNING = 2, ST_DONE = 3,
	    ST_AWAIT_RETURN = 4;
	/* what an async generator is awaiting */
	var AW_BODY = 0, AW_YIELD = 1, AW_UNWRAP_RETURN = 2,
	    AW_AWAIT_RETURN = 4;
	/* async generator request kinds */
	var RQ_NEXT = 0, RQ_THROW = 1, RQ_RETURN = 2;
	var current = null;
	var asyncIteratorSym;

	if (Symbol.asyncIterator === undefined)
		Object.defineProperty(Symbol, 'asyncIterator', {
		    value: Symbol('Symbol.asyncIterator'), writable: false,
		    enumerable: false, configurable: false });
	asyncIteratorSym = Symbol.asyncIterator;

	/* The generator return() sentinel, thrown at the yield site. */
	function GenReturn(v) {
		this.v = v;
	}

	function isGenReturn(e) {
		return e instanceof GenReturn;
	}

	/* Entry of every coroutine thread; the first resume passes the record. */
	function threadMain(co) {
		var r = P.I.apply(co.fn, co.self, co.args);
		co.fin = true;
		return r;
	}

	/* A literal, not a constructor: Duktape sizes it once. */
	function newCo(kind, fn, self, args, step) {
		return { k: K_CORO, kind: kind, t: new Thread(threadMain), fn: fn,
		    self: self, args: args, fin: false, op: 0, st: 0 /* ST_START */,
		    p: undefined, step: step, aw: 0, q: undefined };
	}

	function notConstructor(F) {
		var n = typeof F === 'function' ? F.name : '';
		return new TypeError((typeof n === 'string' && n !== '' ? n :
		    'anonymous') + ' is not a constructor');
	}

	function release(co) {
		co.t = undefined;
		co.fn = undefined;
		co.self = undefined;
		co.args = undefined;
	}

	/* Await v on behalf of co: the reaction job calls co.step. */
	var awaitInto = P.awaitValue;

	/* ---- async functions ---- */

	function asyncStep(co, v, isErr) {
		var prev = current, r;
		current = co;
		try {
			r = resume(co.t, v, isErr);
		} catch (e) {
			current = prev;
			release(co);
			rejectP(co.p, e);
			return;
		}
		current = prev;
		if (co.fin) {
			release(co);
			resolveP(co.p, r);
			return;
		}
		awaitInto(co, r);
	}

	/* nt: new.target of the call (async functions are no constructors) */
	function cmAsync(fn, self, args, nt) {
		var co, p;
		if (nt !== undefined)
			throw notConstructor(nt);
		co = newCo(1 /* ASYNC */, fn, self, args, asyncStep);
		p = newPromise();
		co.p = p;
		asyncStep(co, co, false);
		return p;
	}

	/*
	 * An async function with no await of its own (the lowering knows): it
	 * would run to its end at the call anyway, so it runs on the caller's
	 * thread and its promise settles the same way.
	 */
	function cmAsyncNow(fn, self, args, nt) {
		var p;
		if (nt !== undefined)
			throw notConstructor(nt);
		p = newPromise();
		try {
			resolveP(p, P.I.apply(fn, self, args));
		} catch (e) {
			rejectP(p, e);
		}
		return p;
	}

	/*
	 * An async function with no await and plain parameters is lowered as
	 * one function (lower_fn.c) whose returns are asyncValue(v) and whose
	 * throws are caught into asyncThrow(e): the settling of cmAsyncNow,
	 * split in two. Neither throws (a user's catch around the return
	 * would see it).
	 */
	function cmAsyncValue(v) {
		var p = newPromise();
		/* a throwing `then` getter rejects p: resolveP itself never throws */
		resolveP(p, v);
		return p;
	}

	function cmAsyncThrow(e) {
		var p = newPromise();
		rejectP(p, e);
		return p;
	}

	/*
	 * __cm.asyncArrow(fn, now): an async arrow function around fn, its
	 * lowered body (engine/front/lower_fn.c), made here rather than compiled
	 * into every program. now: fn has no await of its own. An arrow's
	 * `this` and `arguments` are its enclosing function's, read by the
	 * body through captured variables, so fn needs neither.
	 */
	var lengthDesc = { value: 0, writable: false, enumerable: false,
	    configurable: true };
	var arrowFn = P.arrowFn;
	function cmAsyncArrow(fn, now) {
		var f = arrowFn(fn, now ? cmAsyncNow : cmAsync);

		Object.setPrototypeOf(f, AsyncFunctionPrototype);
		if (fn.length !== 0) {
			lengthDesc.value = fn.length;
			Object.defineProperty(f, 'length', lengthDesc);
		}
		setFnName(f, '');
		return f;
	}

	function cmAwait(v) {
		var co = current;
		if (co === null || co.kind === 2 /* GEN */)
			throw new SyntaxError('await is only valid in async functions and the top level bodies of modules');
		co.op = 1 /* OP_AWAIT */;
		return threadYield(v);
	}

	function cmYield(v) {
		var co = current;
		if (co === null || co.kind === 1 /* ASYNC */)
			throw new SyntaxError('yield is only valid in generator functions');
		co.op = 2 /* OP_YIELD */;
		return threadYield(v);
	}

	function yieldRaw(v) {
		current.op = 3 /* OP_YIELD_RAW */;
		return threadYield(v);
	}

	/* ---- generators ---- */

	function genResume(co, v, mode) {
		var prev, r, st = co.st;
		if (st === 2 /* ST_RUNNING */)
			throw new TypeError('Generator is already running');
		if (st === 0 /* ST_START */ && mode !== 0 /* RQ_NEXT */) {
			co.st = st = 3 /* ST_DONE */;
			release(co);
		}
		if (st === 3 /* ST_DONE */) {
			if (mode === 1 /* RQ_THROW */)
				throw v;
			return { value: mode === 2 /* RQ_RETURN */ ? v : undefined,
			    done: true };
		}
		if (st === 0 /* ST_START */)
			v = co;
		else if (mode === 2 /* RQ_RETURN */)
			v = new GenReturn(v);
		co.st = 2 /* ST_RUNNING */;
		prev = current;
		current = co;
		try {
			r = resume(co.t, v, mode !== 0 /* RQ_NEXT */);
		} catch (e) {
			current = prev;
			co.st = 3 /* ST_DONE */;
			release(co);
			if (e instanceof GenReturn)
				return { value: e.v, done: true };
			throw e;
		}
		current = prev;
		if (co.fin) {
			co.st = 3 /* ST_DONE */;
			release(co);
			return { value: r, done: true };
		}
		co.st = 1 /* ST_YIELD */;
		if (co.op === 3 /* OP_YIELD_RAW */)
			return r;
		return { value: r, done: false };
	}

	/* A generator's record, an own slot (ownSlot, natives.c): an object
	 * inheriting from a generator is none. */
	var ownSlot = P.native.ownSlot;
	function genOf(self, name) {
		var co = ownSlot(self, GCO);
		if (co === undefined || co.kind !== 2 /* GEN */)
			throw new TypeError('Method [Generator].prototype.' + name +
			    ' called on incompatible receiver ' + P.describe(self));
		return co;
	}

	var IteratorPrototype = {};
	Object.defineProperty(IteratorPrototype, Symbol.iterator, {
	    value: function () { return this; }, writable: true,
	    enumerable: false, configurable: true });
	P.setName(IteratorPrototype[Symbol.iterator], '[Symbol.iterator]');

	var GeneratorPrototype = Object.create(IteratorPrototype);
	P.defs(GeneratorPrototype, {
		next: function next(v) {
			var co = ownSlot(this, GCO);
			if (co === undefined || co.kind !== 2 /* GEN */)
				co = genOf(this, 'next');
			return genResume(co, v, 0 /* RQ_NEXT */);
		},
		'return': function (v) {
			return genResume(genOf(this, 'return'), v, 2 /* RQ_RETURN */);
		},
		'throw': function (e) {
			return genResume(genOf(this, 'throw'), e, 1 /* RQ_THROW */);
		}
	}, { 'return': 1, 'throw': 1 });
	P.setName(GeneratorPrototype['return'], 'return');
	P.setName(GeneratorPrototype['throw'], 'throw');
	Object.defineProperty(GeneratorPrototype, Symbol.toStringTag,
	    { value: 'Generator', configurable: true });

	/*
	 * __cm.gen(body, this, arguments, F, new.target): F is the generator
	 * function itself (its `prototype` is the new object's prototype,
	 * %GeneratorPrototype% when that is not an object).
	 */
	function cmGen(fn, self, args, F, nt) {
		var co, g, proto;
		if (nt !== undefined)
			throw notConstructor(nt);
		co = newCo(2 /* GEN */, fn, self, args, undefined);
		proto = F !== undefined ? F.prototype : undefined;
		g = Object.create(proto !== null && (typeof proto === 'object' ||
		    typeof proto === 'function') ? proto : GeneratorPrototype);
		g[GCO] = co;
		return g;
	}

	/* yield* in a generator: forwards next/throw/return to the delegate. */
	function cmYieldStar(iterable) {
		var it = getIterator(iterable);
		var next = it.next, mode = 0 /* RQ_NEXT */, received, res, m;
		for (;;) {
			if (mode === 0 /* RQ_NEXT */) {
				if (typeof next !== 'function')
					throw notFunction(next);
				res = next.call(it, received);
			} else if (mode === 1 /* RQ_THROW */) {
				m = it['throw'];
				if (m == null) {
					iterClose(it, false);
					throw new TypeError('The iterator does not provide a \'throw\' method.');
				}
				if (typeof m !== 'function')
					throw notFunction(m);
				res = m.call(it, received);
			} else {
				m = it['return'];
				if (m == null)
					throw received;
				if (typeof m !== 'function')
					throw notFunction(m);
				res = m.call(it, received.v);
			}
			iterResult(res);
			if (res.done) {
				if (mode === 2 /* RQ_RETURN */) {
					received.v = res.value;
					throw received;
				}
				return res.value;
			}
			try {
				received = yieldRaw(res);
				mode = 0 /* RQ_NEXT */;
			} catch (e) {
				received = e;
				mode = e instanceof GenReturn ? 2 /* RQ_RETURN */ : 1 /* RQ_THROW */;
			}
		}
	}

	/* ---- async generators ---- */

	function agenComplete(co, isThrow, v, done) {
		var rq = P.I.shift(co.q);
		if (isThrow)
			rejectP(rq.p, v);
		else
			resolveP(rq.p, { value: v, done: done });
	}

	function agenDrain(co) {
		var rq;
		for (;;) {
			if (co.q.length === 0)
				return;
			rq = co.q[0];
			if (rq.c === 2 /* RQ_RETURN */) {
				co.st = 4 /* ST_AWAIT_RETURN */;
				agenAwaitReturn(co);
				return;
			}
			if (rq.c === 1 /* RQ_THROW */)
				agenComplete(co, true, rq.v, true);
			else
				agenComplete(co, false, undefined, true);
		}
	}

	function agenFinish(co, isThrow, v) {
		co.st = 3 /* ST_DONE */;
		release(co);
		agenComplete(co, isThrow, v, true);
		agenDrain(co);
	}

	function agenAwaitReturn(co) {
		var rq = co.q[0], pr;
		release(co);
		try {
			pr = promiseResolve(rq.v);
		} catch (e) {
			agenFinish(co, true, e);
			return;
		}
		co.aw = 4 /* AW_AWAIT_RETURN */;
		performThen(pr, co);
	}

	function agenRun(co, v, isErr) {
		var prev = current, r;
		co.st = 2 /* ST_RUNNING */;
		current = co;
		try {
			r = resume(co.t, v, isErr);
		} catch (e) {
			current = prev;
			if (e instanceof GenReturn)
				agenFinish(co, false, e.v);
			else
				agenFinish(co, true, e);
			return;
		}
		current = prev;
		if (co.fin) {
			/* `return v` awaited v already (the lowering) */
			agenFinish(co, false, r);
			return;
		}
		if (co.op === 1 /* OP_AWAIT */) {
			co.aw = 0 /* AW_BODY */;
			awaitInto(co, r);
		} else if (co.op === 2 /* OP_YIELD */) {
			co.aw = 1 /* AW_YIELD */;
			awaitInto(co, r);
		} else {
			agenYield(co, r);
		}
	}

	/* AsyncGeneratorYield: settle the head request, then go on with the
	 * next queued request or suspend. */
	function agenYield(co, v) {
		agenComplete(co, false, v, false);
		if (co.q.length > 0)
			agenResumeWith(co, co.q[0]);
		else
			co.st = 1 /* ST_YIELD */;
	}

	/* Resume a suspended-at-yield generator with a request
	 * (AsyncGeneratorUnwrapYieldResumption). */
	function agenResumeWith(co, rq) {
		if (rq.c === 2 /* RQ_RETURN */) {
			co.st = 2 /* ST_RUNNING */;
			co.aw = 2 /* AW_UNWRAP_RETURN */;
			awaitInto(co, rq.v);
		} else {
			agenRun(co, rq.v, rq.c === 1 /* RQ_THROW */);
		}
	}

	function agenStep(co, v, isErr) {
		switch (co.aw) {
		case 0 /* AW_BODY */:
			agenRun(co, v, isErr);
			break;
		case 1 /* AW_YIELD */:
			if (isErr)
				agenRun(co, v, true);
			else
				agenYield(co, v);
			break;
		case 2 /* AW_UNWRAP_RETURN */:
			agenRun(co, isErr ? v : new GenReturn(v), true);
			break;
		default:
			co.st = 3 /* ST_DONE */;
			agenComplete(co, isErr, v, true);
			agenDrain(co);
		}
	}

	function agenOf(self) {
		var co = ownSlot(self, GCO);
		if (co === undefined || co.kind !== 3 /* AGEN */)
			return undefined;
		return co;
	}

	function agenBadReceiver(self, name) {
		var p = newPromise();
		rejectP(p, new TypeError('Method ' + name + ' called on ' +
		    'incompatible receiver ' + P.describe(self)));
		return p;
	}

	function agenRequest(self, c, v, name) {
		var co = agenOf(self), p, rq, st;
		if (co === undefined)
			return agenBadReceiver(self, name);
		p = newPromise();
		st = co.st;
		if (c === 1 /* RQ_THROW */ && st === 0 /* ST_START */) {
			co.st = st = 3 /* ST_DONE */;
			release(co);
		}
		if (st === 3 /* ST_DONE */) {
			if (c === 0 /* RQ_NEXT */) {
				resolveP(p, { value: undefined, done: true });
				return p;
			}
			if (c === 1 /* RQ_THROW */) {
				rejectP(p, v);
				return p;
			}
		}
		rq = { c: c, v: v, p: p };
		P.I.push(co.q, rq);
		if (c === 2 /* RQ_RETURN */ && (st === 0 /* ST_START */ || st === 3 /* ST_DONE */)) {
			co.st = 4 /* ST_AWAIT_RETURN */;
			agenAwaitReturn(co);
		} else if (st === 0 /* ST_START */) {
			agenRun(co, co, false);
		} else if (st === 1 /* ST_YIELD */) {
			agenResumeWith(co, rq);
		}
		return p;
	}

	var AsyncIteratorPrototype = {};
	Object.defineProperty(AsyncIteratorPrototype, asyncIteratorSym, {
	    value: function () { return this; }, writable: true,
	    enumerable: false, configurable: true });
	P.setName(AsyncIteratorPrototype[asyncIteratorSym],
	    '[Symbol.asyncIterator]');

	var AsyncGeneratorPrototype = Object.create(AsyncIteratorPrototype);
	P.defs(AsyncGeneratorPrototype, {
		next: function next(v) {
			return agenRequest(this, 0 /* RQ_NEXT */, v, '[AsyncGenerator].prototype.next');
		},
		'return': function (v) {
			return agenRequest(this, 2 /* RQ_RETURN */, v, '[AsyncGenerator].prototype.return');
		},
		'throw': function (e) {
			return agenRequest(this, 1 /* RQ_THROW */, e, '[AsyncGenerator].prototype.throw');
		}
	}, { 'return': 1, 'throw': 1 });
	P.setName(AsyncGeneratorPrototype['return'], 'return');
	P.setName(AsyncGeneratorPrototype['throw'], 'throw');
	Object.defineProperty(AsyncGeneratorPrototype, Symbol.toStringTag,
	    { value: 'AsyncGenerator', configurable: true });

	/* The arguments are those of __cm.gen. */
	function cmAsyncGen(fn, self, args, F, nt) {
		var co, g, proto;
		if (nt !== undefined)
			throw notConstructor(nt);
		co = newCo(3 /* AGEN */, fn, self, args, agenStep);
		co.q = [];
		proto = F !== undefined ? F.prototype : undefined;
		g = Object.create(proto !== null && (typeof proto === 'object' ||
		    typeof proto === 'function') ? proto : AsyncGeneratorPrototype);
		g[GCO] = co;
		return g;
	}

	/*
	 * %GeneratorFunction%, %AsyncGeneratorFunction%, %AsyncFunction% and
	 * their prototypes.  The constructors build the function through the
	 * global Function as it is when the prelude ends (50_lower.js makes it
	 * lower its source), which is also their [[Prototype]].
	 */
	var FunctionCtor = Function, coroCtors = [];
	function fnIntrinsic(name, instProto, keyword) {
		var C = function (p) {
			var n = arguments.length, params = [], i, body;
			for (i = 0; i < n - 1; i++)
				params.push(String(arguments[i]));
			body = n > 0 ? String(arguments[n - 1]) : '';
			return FunctionCtor('return ' + keyword + ' anonymous(' +
			    params.join(',') + '\n) {\n' + body + '\n};')();
		};
		var proto = Object.create(Function.prototype);
		P.setName(C, name);
		P.setLength(C, 1);
		coroCtors.push(C);
		Object.defineProperty(C, 'prototype', { value: proto,
		    writable: false });
		Object.defineProperty(proto, 'constructor', { value: C,
		    writable: false, enumerable: false, configurable: true });
		if (instProto !== undefined) {
			Object.defineProperty(proto, 'prototype', { value: instProto,
			    writable: false, enumerable: false, configurable: true });
			Object.defineProperty(instProto, 'constructor', { value: proto,
			    writable: false, enumerable: false, configurable: true });
		}
		Object.defineProperty(proto, Symbol.toStringTag, { value: name,
		    writable: false, enumerable: false, configurable: true });
		return proto;
	}
	var AsyncFunctionPrototype = fnIntrinsic('AsyncFunction', undefined,
	    'async function');
	var GeneratorFunctionPrototype = fnIntrinsic('GeneratorFunction',
	    GeneratorPrototype, 'function*');
	var AsyncGeneratorFunctionPrototype = fnIntrinsic('AsyncGeneratorFunction',
	    AsyncGeneratorPrototype, 'async function*');
	(P.sealHooks = P.sealHooks || []).push(function () {
		var i;
		FunctionCtor = G.Function;
		for (i = 0; i < coroCtors.length; i++)
			Object.setPrototypeOf(coroCtors[i], FunctionCtor);
	});

	/*
	 * __cm.genFn(f, kind, name): makes a lowered function an async function
	 * (kind 1), generator function (2) or async generator function (3):
	 * its [[Prototype]] and, for generators, a fresh `prototype` object.
	 * name: the function's `name` when the lowering had to rename it.
	 */
	var setFnName = P.native && typeof P.native.fname === 'function' ?
	    P.native.fname : function (f, name) {
		Object.defineProperty(f, 'name', { value: name,
		    writable: false, enumerable: false, configurable: true });
	};
	/* the lowering compiles f as no constructor, without a `prototype`
	 * (engine/front/lower_fn.c): a generator's is defined, as the spec's */
	var protoDesc = { value: undefined, writable: true, enumerable: false,
	    configurable: false };
	function cmGenFn(f, kind, name) {
		if (kind === 2 /* GEN */) {
			Object.setPrototypeOf(f, GeneratorFunctionPrototype);
			protoDesc.value = Object.create(GeneratorPrototype);
			Object.defineProperty(f, 'prototype', protoDesc);
			protoDesc.value = undefined;
		} else if (kind === 3 /* AGEN */) {
			Object.setPrototypeOf(f, AsyncGeneratorFunctionPrototype);
			protoDesc.value = Object.create(AsyncGeneratorPrototype);
			Object.defineProperty(f, 'prototype', protoDesc);
			protoDesc.value = undefined;
		} else {
			Object.setPrototypeOf(f, AsyncFunctionPrototype);
		}
		if (name !== undefined)
			setFnName(f, name);
		return f;
	}

	/* yield* in an async generator (ES2023 14.4.14, async branch). */
	function cmAsyncYieldStar(iterable) {
		var it = getAsyncIterator(iterable);
		var next = it.next, mode = 0 /* RQ_NEXT */, received, res, m, v;
		for (;;) {
			if (mode === 0 /* RQ_NEXT */) {
				if (typeof next !== 'function')
					throw notFunction(next);
				res = cmAwait(next.call(it, received));
			} else if (mode === 1 /* RQ_THROW */) {
				m = it['throw'];
				if (m == null) {
					asyncIterClose(it, false);
					throw new TypeError('The iterator does not provide a \'throw\' method.');
				}
				if (typeof m !== 'function')
					throw notFunction(m);
				res = cmAwait(m.call(it, received));
			} else {
				m = it['return'];
				if (m == null)
					throw new GenReturn(cmAwait(received.v));
				if (typeof m !== 'function')
					throw notFunction(m);
				res = cmAwait(m.call(it, received.v));
			}
			iterResult(res);
			if (res.done) {
				if (mode === 2 /* RQ_RETURN */)
					throw new GenReturn(cmAwait(res.value));
				return res.value;
			}
			/* an abrupt IteratorValue is not a resumption */
			v = res.value;
			try {
				received = yieldRaw(v);
				mode = 0 /* RQ_NEXT */;
			} catch (e) {
				received = e;
				mode = e instanceof GenReturn ? 2 /* RQ_RETURN */ : 1 /* RQ_THROW */;
			}
		}
	}

	/* ---- iteration helpers ---- */

	var valueSite = P.valueSite;

	/* V8's words for a next, return or throw method that is no function:
	 * `number 5 is not a function`, `object is not a function` */
	function notFunction(x) {
		return new TypeError(valueSite(x) + ' is not a function');
	}

	/*
	 * The TypeError for a value that does not iterate, in V8's words.
	 * name: how V8 names the value from the source, which the lowering
	 * passes (LOWERING.md "Error texts"); without one (built-ins, and
	 * where V8 names none) V8 describes the value. kind 1: a call's spread
	 * argument, worded apart; 2: for await.
	 */
	function notIterable(obj, name, kind) {
		if (kind === 2)
			return new TypeError(name === undefined ?
			    'undefined is not a function' : name + ' is not async iterable');
		if (name === undefined)
			return new TypeError(valueSite(obj) +
			    ' is not iterable (cannot read property Symbol(Symbol.iterator))');
		if (kind === 1)
			return new TypeError(obj == null ? name +
			    ' is not iterable (cannot read property ' + obj + ')' :
			    'Spread syntax requires ...iterable[Symbol.iterator] to be a function');
		return new TypeError(name + ' is not iterable');
	}

	/* name and kind: for the error only (notIterable). */
	function getIterator(obj, name, kind) {
		var f, it;
		if (obj == null)
			throw notIterable(obj, name, kind);
		f = obj[Symbol.iterator];
		if (typeof f !== 'function')
			throw notIterable(obj, name, kind);
		it = f.call(obj);
		if (!isObject(it))
			throw new TypeError('Result of the Symbol.iterator method is not an object');
		return it;
	}

	/*
	 * The lowered for-of's and for await's step: GetIterator's next
	 * method, read once as the loop opens, bound to the iterator (a
	 * bound call costs about 200 instructions a step more than it.next(),
	 * Function.prototype.call's special handling about 400). A next that
	 * is no function gives a step throwing V8's TypeError (`number 5 is
	 * not a function`), as the first call of it would.
	 */
	var bindFn = P.uncurry(Function.prototype.bind);
	function nextOf(it) {
		var next = it.next;
		if (typeof next !== 'function')
			return function () {
				throw notFunction(next);
			};
		return bindFn(next, it);
	}

	/* IteratorClose; with isThrow set, errors from return() are dropped
	 * (the caller rethrows its own exception afterwards). */
	function iterClose(it, isThrow) {
		var m, r;
		if (isThrow) {
			try {
				m = it['return'];
				if (m != null)
					m.call(it);
			} catch (e) { /* the original exception wins */ }
			return;
		}
		m = it['return'];
		if (m == null)
			return;
		if (typeof m !== 'function')
			throw notFunction(m);
		r = m.call(it);
		iterResult(r);
	}

	function asyncIterClose(it, isThrow) {
		var m, r;
		if (isThrow) {
			try {
				m = it['return'];
				if (m != null)
					cmAwait(m.call(it));
			} catch (e) { /* the original exception wins */ }
			return;
		}
		m = it['return'];
		if (m == null)
			return;
		if (typeof m !== 'function')
			throw notFunction(m);
		r = cmAwait(m.call(it));
		iterResult(r);
	}

	/* %AsyncFromSyncIteratorPrototype% */
	var SYNC = P.hidden('SyncIterator');
	var SYNC_NEXT = P.hidden('SyncIteratorNext');
	function unwrapDone(v) { return { value: v, done: true }; }
	function unwrapNotDone(v) { return { value: v, done: false }; }

	/* PromiseResolve(%Promise%, x), abrupt when x.constructor throws */
	function promiseResolveAbrupt(x) {
		var w;
		if (isPromise(x) && x.constructor === PromiseCtor)
			return x;
		w = newPromise();
		resolveP(w, x);
		return w;
	}

	function asyncFromSyncContinue(res, p, syncIt, closeOnReject) {
		var done, value, wrapper;
		try {
			iterResult(res);
			done = !!res.done;
			value = res.value;
		} catch (e) {
			rejectP(p, e);
			return p;
		}
		try {
			wrapper = promiseResolveAbrupt(value);
		} catch (e) {
			if (!done && closeOnReject)
				iterClose(syncIt, true);
			rejectP(p, e);
			return p;
		}
		if (!done && closeOnReject) {
			performThen(wrapper, { k: 0, f: unwrapNotDone,
			    r: function (e) {
				iterClose(syncIt, true);
				throw e;
			    }, d: p });
		} else {
			performThen(wrapper, { k: 0,
			    f: done ? unwrapDone : unwrapNotDone, r: undefined, d: p });
		}
		return p;
	}

	function AsyncFromSync(it) {
		this[SYNC] = it;
		this[SYNC_NEXT] = it.next;
	}
	AsyncFromSync.prototype = Object.create(AsyncIteratorPrototype);
	P.defs(AsyncFromSync.prototype, {
		next: function next(v) {
			var it = this[SYNC], p = newPromise(), r, m;
			try {
				m = this[SYNC_NEXT];
				if (typeof m !== 'function')
					throw notFunction(m);
				r = arguments.length > 0 ? m.call(it, v) : m.call(it);
			} catch (e) {
				rejectP(p, e);
				return p;
			}
			return asyncFromSyncContinue(r, p, it, true);
		},
		'return': function (v) {
			var it = this[SYNC], p = newPromise(), r, m;
			try {
				m = it['return'];
				if (m == null) {
					resolveP(p, { value: v, done: true });
					return p;
				}
				if (typeof m !== 'function')
					throw notFunction(m);
				r = arguments.length > 0 ? m.call(it, v) : m.call(it);
			} catch (e) {
				rejectP(p, e);
				return p;
			}
			return asyncFromSyncContinue(r, p, it, false);
		},
		'throw': function (v) {
			var it = this[SYNC], p = newPromise(), r, m;
			try {
				m = it['throw'];
				if (m == null) {
					iterClose(it, false);
					throw new TypeError('The iterator does not provide a \'throw\' method.');
				}
				if (typeof m !== 'function')
					throw notFunction(m);
				r = arguments.length > 0 ? m.call(it, v) : m.call(it);
			} catch (e) {
				rejectP(p, e);
				return p;
			}
			return asyncFromSyncContinue(r, p, it, true);
		}
	});

	/* name: for the error only (notIterable). */
	function getAsyncIterator(obj, name) {
		var f, it;
		if (obj == null)
			throw new TypeError('Cannot read properties of ' + obj +
			    " (reading 'Symbol(Symbol.asyncIterator)')");
		f = obj[asyncIteratorSym];
		if (f == null)
			return new AsyncFromSync(getIterator(obj, name, 2));
		if (typeof f !== 'function')
			throw notIterable(obj, name, 2);
		it = f.call(obj);
		if (!isObject(it))
			throw new TypeError('Result of the Symbol.asyncIterator method is not an object');
		return it;
	}

	P.IteratorPrototype = IteratorPrototype;
	P.AsyncIteratorPrototype = AsyncIteratorPrototype;
	P.GeneratorPrototype = GeneratorPrototype;
	P.AsyncGeneratorPrototype = AsyncGeneratorPrototype;
	P.getIterator = getIterator;
	P.iterClose = iterClose;
	P.isGenReturn = isGenReturn;

	cm.async = cmAsync;
	cm.asyncNow = cmAsyncNow;
	cm.asyncArrow = cmAsyncArrow;
	cm.asyncValue = cmAsyncValue;
	cm.asyncThrow = cmAsyncThrow;
	cm.await = cmAwait;
	cm.gen = cmGen;
	cm['yield'] = cmYield;
	cm.yieldStar = cmYieldStar;
	cm.asyncGen = cmAsyncGen;
	cm.asyncYieldStar = cmAsyncYieldStar;
	cm.isGenReturn = isGenReturn;
	cm.genFn = cmGenFn;
	cm.iter = getIterator;
	cm.iterResult = iterResult;
	cm.nextOf = nextOf;
	cm.asyncIter = getAsyncIterator;
	cm.iterClose = iterClose;
	cm.asyncIterClose = asyncIterClose;
})(this);

/* Array.fromAsync (ES2024): an async function written against the
 * coroutine helpers, so its awaits are real awaits. */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;

	function body(items, mapFn, thisArg) {
		var out = [], it, r, v, i = 0, len, o;
		if (mapFn !== undefined && typeof mapFn !== 'function')
			throw new TypeError(P.describe(mapFn) + ' is not a function');
		if (items == null)
			throw new TypeError(P.describe(items) + ' is not iterable');
		if (items[Symbol.asyncIterator] != null ||
		    items[Symbol.iterator] != null) {
			it = cm.asyncIter(items);
			for (;;) {
				r = cm.await(it.next());
				P.iterResult(r);
				if (r.done)
					return out;
				v = r.value;
				try {
					if (mapFn !== undefined)
						v = cm.await(mapFn.call(thisArg, v, i));
				} catch (e) {
					cm.asyncIterClose(it, true);
					throw e;
				}
				out.push(v);
				i++;
			}
		}
		o = Object(items);
		len = P.toLength(o.length);
		for (i = 0; i < len; i++) {
			v = cm.await(o[i]);
			if (mapFn !== undefined)
				v = cm.await(mapFn.call(thisArg, v, i));
			out.push(v);
		}
		return out;
	}

	P.def(Array, 'fromAsync', function fromAsync(items) {
		return cm.async(body, undefined, arguments);
	});
})(this);

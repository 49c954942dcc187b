/*
 * 64_events.js: Event, CustomEvent, EventTarget (DOM Standard, without a
 * tree: dispatch reaches the target only), AbortController and AbortSignal
 * (abort, timeout, any, onabort, throwIfAborted), and performance.  Lazy
 * group `events`.
 */
this.__cm.P.group('events', function (G, P) {
	'use strict';
	P.need.encoding();
	var DOMException = P.DOMException;
	var setTimeout_ = P.setTimeout;
	var now = P.now;
	/* the time origin is the heap's, not this group's loading */
	var t0 = P.timeOrigin;
	var hasOwn = Object.prototype.hasOwnProperty;

	/* --- performance ------------------------------------------------------- */
	var perf = {};
	P.defs(perf, {
		now: function now_() {
			return now() - t0;
		},
		toJSON: function toJSON() {
			return { timeOrigin: 0 };
		}
	});
	P.setName(perf.now, 'now');
	Object.defineProperty(perf, 'timeOrigin', { value: 0, enumerable: true });
	P.defGlobal('performance', perf);

	/* --- Event ------------------------------------------------------------- */
	var E = P.hidden('Event');

	function Event(type, init) {
		P.requireNew(this, Event, 'Event');
		if (arguments.length === 0)
			throw new TypeError('The "type" argument must be specified');
		if (init !== undefined && init !== null && !P.isObject(init))
			throw new TypeError('The "options" argument must be of type ' +
			    'object.');
		init = init || {};
		this[E] = { type: String(type), bubbles: !!init.bubbles,
		    cancelable: !!init.cancelable, composed: !!init.composed,
		    canceled: false, phase: 0, target: null, current: null,
		    stop: false, stopNow: false, dispatching: false,
		    passive: false, trusted: false, time: now() - t0 };
	}
	function ev(self) {
		if (!P.isObject(self) || !(E in self))
			throw new TypeError('Illegal invocation');
		return self[E];
	}
	P.eventState = ev;
	var evGetters = {
		type: function () { return ev(this).type; },
		bubbles: function () { return ev(this).bubbles; },
		cancelable: function () { return ev(this).cancelable; },
		composed: function () { return ev(this).composed; },
		defaultPrevented: function () { return ev(this).canceled; },
		eventPhase: function () { return ev(this).phase; },
		target: function () { return ev(this).target; },
		currentTarget: function () { return ev(this).current; },
		srcElement: function () { return ev(this).target; },
		isTrusted: function () { return ev(this).trusted; },
		timeStamp: function () { return ev(this).time; },
		returnValue: function () { return !ev(this).canceled; },
		cancelBubble: function () { return ev(this).stop; }
	};
	var k;
	for (k in evGetters)
		if (hasOwn.call(evGetters, k))
			P.getter(Event.prototype, k, evGetters[k]);
	/* the two legacy attributes that are writable */
	Object.defineProperty(Event.prototype, 'cancelBubble', {
		get: evGetters.cancelBubble,
		set: function (v) {
			if (v)
				ev(this).stop = true;
		},
		enumerable: true, configurable: true
	});
	Object.defineProperty(Event.prototype, 'returnValue', {
		get: evGetters.returnValue,
		set: function (v) {
			var s = ev(this);
			if (!v && s.cancelable && !s.passive)
				s.canceled = true;
		},
		enumerable: true, configurable: true
	});
	P.defs(Event.prototype, {
		preventDefault: function preventDefault() {
			var s = ev(this);
			if (s.cancelable && !s.passive)
				s.canceled = true;
		},
		stopPropagation: function stopPropagation() {
			ev(this).stop = true;
		},
		stopImmediatePropagation: function stopImmediatePropagation() {
			var s = ev(this);
			s.stop = true;
			s.stopNow = true;
		},
		composedPath: function composedPath() {
			var s = ev(this);
			return s.dispatching && s.current ? [s.current] : [];
		}
	});
	var phases = ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'];
	for (k = 0; k < 4; k++) {
		Object.defineProperty(Event, phases[k], { value: k, enumerable: true });
		Object.defineProperty(Event.prototype, phases[k], { value: k,
		    enumerable: true });
	}
	P.tag(Event, 'Event');
	P.defGlobal('Event', Event);

	function CustomEvent(type, init) {
		P.requireNew(this, CustomEvent, 'CustomEvent');
		Event.call(this, type, init);
		this[E].detail = init && init.detail !== undefined ? init.detail :
		    null;
	}
	CustomEvent.prototype = Object.create(Event.prototype);
	P.def(CustomEvent.prototype, 'constructor', CustomEvent);
	Object.setPrototypeOf(CustomEvent, Event);
	P.getter(CustomEvent.prototype, 'detail', function () {
		return ev(this).detail;
	});
	P.tag(CustomEvent, 'CustomEvent');
	P.setLength(CustomEvent, 1);
	P.setLength(Event, 1);
	P.defGlobal('CustomEvent', CustomEvent);

	/* --- EventTarget ------------------------------------------------------- */
	var L = P.hidden('Listeners');

	function EventTarget() {
		P.requireNew(this, EventTarget, 'EventTarget');
		this[L] = Object.create(null);
	}
	function listeners(self) {
		if (!P.isObject(self) || !(L in self))
			throw new TypeError('Illegal invocation');
		return self[L];
	}
	function flatten(options) {
		if (typeof options === 'boolean')
			return { capture: options };
		if (!P.isObject(options))
			return { capture: false };
		return { capture: !!options.capture, once: !!options.once,
		    passive: !!options.passive, signal: options.signal };
	}
	function addListener(target, type, callback, options) {
		var map = listeners(target), o = flatten(options), list, i, rec;
		type = String(type);
		if (callback === null || callback === undefined)
			return;
		if (!P.isObject(callback))
			throw new TypeError('The "listener" argument must be an ' +
			    'instance of EventListener.');
		if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
			throw new TypeError('The "options.signal" property must be ' +
			    'an instance of AbortSignal.');
		if (o.signal && o.signal.aborted)
			return;
		list = map[type] || (map[type] = []);
		for (i = 0; i < list.length; i++)
			if (list[i].cb === callback && list[i].capture === o.capture)
				return;
		rec = { cb: callback, capture: o.capture, once: o.once,
		    passive: o.passive, removed: false };
		list.push(rec);
		if (o.signal)
			signalAdd(o.signal, function () {
				removeListener(target, type, callback, o.capture);
			});
	}
	function removeListener(target, type, callback, capture) {
		var list = listeners(target)[String(type)], i;
		if (!list)
			return;
		for (i = 0; i < list.length; i++)
			if (list[i].cb === callback && list[i].capture === capture) {
				list[i].removed = true;
				list.splice(i, 1);
				return;
			}
	}
	function report(e) {
		/* A listener's throw does not stop dispatch: it is reported the
		 * way a Worker reports it, as an error line on the console. */
		try {
			G.console.error('Uncaught', e);
		} catch (x) { /* nothing left to report with */ }
	}
	function dispatch(target, event) {
		var s = ev(event), list, i, rec, f, snapshot;
		if (s.dispatching)
			throw new DOMException('The event is already being dispatched.',
			    'InvalidStateError');
		s.dispatching = true;
		s.target = target;
		s.current = target;
		s.phase = 2;
		list = listeners(target)[s.type];
		snapshot = list ? list.slice() : [];
		for (i = 0; i < snapshot.length; i++) {
			rec = snapshot[i];
			if (rec.removed)
				continue;
			if (rec.once)
				removeListener(target, s.type, rec.cb, rec.capture);
			s.passive = rec.passive;
			try {
				f = rec.cb;
				if (typeof f === 'function')
					f.call(target, event);
				else if (typeof f.handleEvent === 'function')
					f.handleEvent(event);
				else
					throw new TypeError('listener.handleEvent is not a ' +
					    'function');
			} catch (e) {
				report(e);
			}
			s.passive = false;
			if (s.stopNow)
				break;
		}
		s.dispatching = false;
		s.phase = 0;
		s.current = null;
		s.stop = false;
		s.stopNow = false;
		return !s.canceled;
	}
	P.defs(EventTarget.prototype, {
		addEventListener: function addEventListener(type, callback,
		    options) {
			if (arguments.length < 2)
				throw new TypeError('The "type" and "listener" arguments ' +
				    'must be specified');
			addListener(this, type, callback, options);
		},
		removeEventListener: function removeEventListener(type, callback,
		    options) {
			listeners(this);
			removeListener(this, type, callback, flatten(options).capture);
		},
		dispatchEvent: function dispatchEvent(event) {
			listeners(this);
			if (!(event instanceof Event))
				throw new TypeError('The "event" argument must be an ' +
				    'instance of Event.');
			return dispatch(this, event);
		}
	}, { addEventListener: 2, removeEventListener: 2, dispatchEvent: 1 });
	P.tag(EventTarget, 'EventTarget');
	P.defGlobal('EventTarget', EventTarget);

	/* --- AbortSignal / AbortController ------------------------------------ */
	var S = P.hidden('AbortSignal');
	var creating = false;

	function AbortSignal() {
		if (!creating)
			throw new TypeError('Illegal constructor');
		EventTarget.call(this);
		this[S] = { aborted: false, reason: undefined, algos: [],
		    onabort: null, dependents: [] };
	}
	AbortSignal.prototype = Object.create(EventTarget.prototype);
	P.def(AbortSignal.prototype, 'constructor', AbortSignal);
	Object.setPrototypeOf(AbortSignal, EventTarget);
	function newSignal() {
		var s;
		creating = true;
		try {
			s = new AbortSignal();
		} finally {
			creating = false;
		}
		return s;
	}
	function sig(self) {
		if (!P.isObject(self) || !(S in self))
			throw new TypeError('Illegal invocation');
		return self[S];
	}
	function signalAdd(signal, fn) {
		sig(signal).algos.push(fn);
	}
	P.signalAdd = signalAdd;
	P.signalState = sig;
	function signalAbort(signal, reason) {
		var s = sig(signal), algos, i, deps, ev;
		if (s.aborted)
			return;
		s.aborted = true;
		s.reason = reason === undefined ?
		    new DOMException('This operation was aborted', 'AbortError') :
		    reason;
		algos = s.algos;
		s.algos = [];
		deps = s.dependents;
		s.dependents = [];
		for (i = 0; i < algos.length; i++)
			algos[i](s.reason);
		ev = new Event('abort');
		ev[E].trusted = true;
		dispatch(signal, ev);
		for (i = 0; i < deps.length; i++)
			signalAbort(deps[i], s.reason);
	}
	P.getter(AbortSignal.prototype, 'aborted', function () {
		return sig(this).aborted;
	});
	P.getter(AbortSignal.prototype, 'reason', function () {
		return sig(this).reason;
	});
	Object.defineProperty(AbortSignal.prototype, 'onabort', {
		get: function () {
			return sig(this).onabort;
		},
		set: function (fn) {
			var s = sig(this);
			if (s.onabortWrap)
				removeListener(this, 'abort', s.onabortWrap, false);
			s.onabort = P.isObject(fn) ? fn : null;
			s.onabortWrap = null;
			if (typeof fn === 'function') {
				s.onabortWrap = function (e) {
					return fn.call(this, e);
				};
				addListener(this, 'abort', s.onabortWrap, false);
			}
		},
		enumerable: true, configurable: true
	});
	P.defs(AbortSignal.prototype, {
		throwIfAborted: function throwIfAborted() {
			var s = sig(this);
			if (s.aborted)
				throw s.reason;
		}
	});
	P.defs(AbortSignal, {
		abort: function abort(reason) {
			var s = newSignal();
			signalAbort(s, reason);
			return s;
		},
		timeout: function timeout(ms) {
			var s = newSignal(), n = Number(ms);
			if (!(n >= 0 && n <= 9007199254740991) || n !== Math.floor(n))
				throw new RangeError('The value of "delay" is out of ' +
				    'range. It must be >= 0 && <= 9007199254740991. ' +
				    'Received ' + String(ms));
			setTimeout_(function () {
				signalAbort(s, new DOMException('The operation was aborted ' +
				    'due to timeout', 'TimeoutError'));
			}, n);
			return s;
		},
		any: function any(signals) {
			var out = newSignal(), list = [], it, next, v, i, s;
			it = P.getIterator(signals);
			next = it.next;
			while ((v = P.stepValue(it, next)) !== P.DONE) {
				if (!(v instanceof AbortSignal))
					throw new TypeError('The "signals" argument must be ' +
					    'an instance of AbortSignal[].');
				list.push(v);
			}
			for (i = 0; i < list.length; i++) {
				s = sig(list[i]);
				if (s.aborted) {
					signalAbort(out, s.reason);
					return out;
				}
			}
			for (i = 0; i < list.length; i++)
				sig(list[i]).dependents.push(out);
			return out;
		}
	}, { abort: 0, timeout: 1, any: 1 });
	P.tag(AbortSignal, 'AbortSignal');
	P.setLength(AbortSignal, 0);
	P.defGlobal('AbortSignal', AbortSignal);
	P.newSignal = newSignal;
	P.signalAbort = signalAbort;

	var C = P.hidden('AbortController');
	function AbortController() {
		P.requireNew(this, AbortController, 'AbortController');
		this[C] = newSignal();
	}
	function ctl(self) {
		if (!P.isObject(self) || !(C in self))
			throw new TypeError('Illegal invocation');
		return self[C];
	}
	P.getter(AbortController.prototype, 'signal', function () {
		return ctl(this);
	});
	P.defs(AbortController.prototype, {
		abort: function abort(reason) {
			signalAbort(ctl(this), reason);
		}
	}, { abort: 0 });
	P.tag(AbortController, 'AbortController');
	P.defGlobal('AbortController', AbortController);

	P.inspectHooks.push(function (o) {
		var s;
		if (!P.isObject(o))
			return null;
		if (S in o && o instanceof AbortSignal)
			return { name: 'AbortSignal', props: [['aborted',
			    o[S].aborted]] };
		if (C in o && o instanceof AbortController)
			return { name: 'AbortController', props: [['signal', o[C]]] };
		if (E in o && o instanceof Event) {
			s = o[E];
			return { name: o instanceof CustomEvent ? 'CustomEvent' :
			    'Event', props: [['type', s.type],
			    ['defaultPrevented', s.canceled],
			    ['cancelable', s.cancelable], ['timeStamp', s.time]] };
		}
		return null;
	});
});

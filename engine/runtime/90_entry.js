/*
 * 90_entry.js: the entry scope of one execution (engine/host/execution.c drives
 * it).  The dispatch codec (__stringifyForDispatch, __parseForDispatch and
 * its parts), __dispatch, the generated provider proxies, the module
 * registry behind `__m.import`, and the run's state and answer.
 *
 * The host hands its natives over once, through __cm.hostInit(natives),
 * before any user code runs; the call returns the internal object the host
 * keeps in its stash.  Every message that leaves the child (the result
 * envelope, log lines, tool calls, outbound requests, handle answers) is
 * composed in C by engine/host/execution.c from primitive pieces the
 * natives below take (call, log, answer): nothing here stringifies a
 * message, so a guest's toJSON, getters or poisoned prototypes can shape
 * its own values and never the envelope around them.  A second call is
 * refused, so a program that finds __cm.hostInit gains nothing.  __cm.entryScope() gives the generated entry
 * module the names of its scope; they hold no capability __dispatch does
 * not already give.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	/* The job queue's, timers' and promises' (10_promise.js), for every
	 * turn and call. */
	var InternalPromise = P.InternalPromise;
	var drainMicrotasks = cm.drainMicrotasks;
	var takeUnhandledRejections = cm.takeUnhandledRejections;
	var nextTimerDelay = cm.nextTimerDelay;
	var quietTimerDelay = cm.quietTimerDelay;
	var K = G.__cm_spec.constants;
	var PARTS = G.__cm_spec.payloadParts;
	var TAG = K.BINARY_TAG, DATA = K.BINARY_DATA_KEY;
	var KIND_U8 = K.BINARY_KIND_UINT8ARRAY, KIND_AB = K.BINARY_KIND_ARRAYBUFFER;
	var KIND_VIEW = K.BINARY_KIND_VIEW;
	var LIMIT = K.PAYLOAD_LIMIT;
	var fill = P.fill;
	var Promise_ = Promise, Proxy_ = P.nativeProxy, Error_ = Error;
	var queueJob = G.queueMicrotask;
	var TypeError_ = TypeError, SyntaxError_ = SyntaxError;
	/* A program may replace the globals; the run's answer never reads them. */
	var String_ = String, Number_ = Number, isArray = Array.isArray;
	var Uint8Array_ = Uint8Array, ArrayBuffer_ = ArrayBuffer;
	/* Duktape's stringify under 33_builtins.js's wrapper: a lone surrogate
	 * reaches the wire as U+FFFD, not as an escape */
	var stringify = P.hostStringify || JSON.stringify, parse = JSON.parse;
	var keys = Object.keys, create = Object.create;
	var defProp = Object.defineProperty;
	var hasOwn = Object.prototype.hasOwnProperty;

	var isView = ArrayBuffer.isView;
	var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

	var host = null;        /* the natives of engine/host/execution.c */
	/* Captured before any user code runs: the natives, read once. */
	var hostCallNative = null, hostAnswer = null;
	var consoleToHost = P.consoleToHost;
	var pending = create(null); /* call id -> { p, decode }; no prototype */
	var npending = 0;
	var completed = false;
	var modules = create(null); /* normalized name -> { kind, value } */
	var declared = '';
	var registry = create(null); /* normalized name -> namespace object */
	var evaluations = [];   /* promises of modules with a top-level await */
	var state = 0;          /* 0 pending, 1 fulfilled, 2 rejected */
	var staticSpecs = [];   /* the entry's static import specifiers */
	var retain = false;     /* retainHandles was asked for */
	var handler = null;     /* the granted fetch handler */
	var invoking = false;   /* an invocation is the current phase */
	var invState = 0, invOut = null;
	var outcome;

	function isBinary(v) {
		return v instanceof ArrayBuffer_ || (isView && isView(v));
	}

	function encodeBase64(bytes) {
		var out = [], i, n, a, b, c;

		if (!(bytes instanceof Uint8Array_))
			bytes = isView(bytes) ? new Uint8Array_(bytes.buffer,
			    bytes.byteOffset, bytes.byteLength) :
			    new Uint8Array_(bytes);
		if (host !== null)
			return host.b64encode(bytes);
		n = bytes.length;
		for (i = 0; i + 2 < n; i += 3) {
			a = bytes[i]; b = bytes[i + 1]; c = bytes[i + 2];
			out.push(B64.charAt(a >> 2) + B64.charAt((a & 3) << 4 | b >> 4) +
			    B64.charAt((b & 15) << 2 | c >> 6) + B64.charAt(c & 63));
		}
		if (i < n) {
			a = bytes[i];
			b = i + 1 < n ? bytes[i + 1] : 0;
			out.push(B64.charAt(a >> 2) + B64.charAt((a & 3) << 4 | b >> 4) +
			    (i + 1 < n ? B64.charAt((b & 15) << 2) : '=') + '=');
		}
		return out.join('');
	}

	function decodeBase64(text) {
		var s = String_(text).replace(/=+$/, ''), out, i, j, v, bits, c;

		if (host !== null)
			return host.b64decode(String_(text));
		out = new Uint8Array_(Math.floor(s.length * 3 / 4));
		for (i = 0, j = 0, v = 0, bits = 0; i < s.length; i++) {
			c = B64.indexOf(s.charAt(i));
			if (c < 0)
				throw new SyntaxError_('Invalid base64 data');
			v = v << 6 | c;
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				out[j++] = v >> bits & 255;
			}
		}
		return out;
	}

	function encodeBinaryValue(v) {
		var o = {};

		o[TAG] = v instanceof Uint8Array_ ? KIND_U8 :
		    v instanceof ArrayBuffer_ ? KIND_AB : KIND_VIEW;
		o[DATA] = encodeBase64(v);
		return o;
	}

	function isTagged(v) {
		var k;

		if (v === null || typeof v !== 'object' || isArray(v))
			return false;
		k = keys(v);
		if (k.length !== 2 || !hasOwn.call(v, TAG) || !hasOwn.call(v, DATA) ||
		    typeof v[DATA] !== 'string')
			return false;
		return v[TAG] === KIND_U8 || v[TAG] === KIND_AB || v[TAG] === KIND_VIEW;
	}

	/* A tagged value as bytes: ArrayBuffer for its tag, else a Uint8Array. */
	function decodeBinaryValue(v) {
		var bytes;

		if (!isTagged(v))
			throw new TypeError_('not a tagged binary value');
		bytes = decodeBase64(v[DATA]);
		return v[TAG] === KIND_AB ? bytes.buffer : bytes;
	}

	function replacer(k, v) {
		return isBinary(v) ? encodeBinaryValue(v) : v;
	}

	/*
	 * Plain data (nearly every call's arguments) in one native step,
	 * unless a raw JSON value was ever made (33_builtins.js); anything
	 * else through the replacer that tags binary values.
	 */
	var stringifyPlain = P.hostStringifyPlain, rawJSON = P.rawJSONState;

	function stringifyForDispatch(v) {
		var text = stringifyPlain && !rawJSON.used ? stringifyPlain(v) :
		    void 0;

		return text !== void 0 ? text : stringify(v, replacer);
	}

	function reviver(k, v) {
		return isTagged(v) ? decodeBinaryValue(v) : v;
	}

	/* A text that cannot hold the tag skips the reviver's call per value. */
	function parseForDispatch(text) {
		text = String_(text);
		if (text.indexOf(TAG) < 0 && text.indexOf('\\u') < 0)
			return parse(text);
		return parse(text, reviver);
	}

	/*
	 * Sends one call to the host; a promise of the answer's text, or of
	 * decode(text) when decode is given: the answer becomes the value as
	 * it arrives, without a second promise and job.
	 */
	/*
	 * Settles a call's promise with text, or decode(text) (a throw
	 * rejects); the reactions waiting on it run at once when no job is
	 * queued (settleAwaited, 10_promise.js).
	 */
	var settleAwaited = P.settleAwaited;

	function settleCall(p, decode, text) {
		var v;

		if (decode === void 0) {
			settleAwaited(p, text, false);
			return;
		}
		try {
			v = decode(text);
		} catch (e) {
			settleAwaited(p, e, true);
			return;
		}
		settleAwaited(p, v, false);
	}

	/*
	 * kind 0, a tool call: (provider, tool, args) strings; kind 1, an
	 * outbound request: (method, url, headers as [name, value] pairs,
	 * body as base64 or null). execution.c checks each piece and composes
	 * the message.
	 */
	function hostCall(kind, a, b, c, d, decode) {
		var id = hostCallNative(kind, a, b, c, d), p = new InternalPromise();

		npending++;
		pending[id] = { p: p, decode: decode };
		return p;
	}

	function dispatchAs(provider, tool, args, decode) {
		return dispatchText(String_(provider), String_(tool),
		    args === undefined ? '' : String_(args), decode);
	}

	/* dispatchAs for three strings (a provider's tools make them so). */
	function dispatchText(provider, tool, args, decode) {
		var size, p;

		size = provider.length + tool.length + args.length;
		if (size > LIMIT)
			return Promise_.reject(new Error_(fill('PAYLOAD_TOO_LARGE',
			    { part: PARTS.TOOL_CALL, size: size, limit: LIMIT })));
		if (completed || host === null) {
			p = P.newPromise();
			/* A primitive string is stringified without any toJSON. */
			settleCall(p, decode, '{"error":' +
			    stringify(K.EXECUTION_COMPLETED_MESSAGE) + '}');
			return p;
		}
		return hostCall(0, provider, tool, args, null, decode);
	}

	function dispatch(provider, tool, args) {
		return dispatchAs(provider, tool, args, undefined);
	}

	/* The proxy's side of an answer: the result, or the error rethrown. */
	var envelopePlain = P.hostEnvelopePlain;

	function readEnvelope(text) {
		var env = envelopePlain !== null ? envelopePlain(text, TAG) : void 0,
		    tagged = false;

		/* parseForDispatch, knowing whether the reviver ran: without
		 * it no value can be binary. */
		if (env === void 0) {
			try {
				if (typeof text !== 'string')
					env = null;
				else if (text.indexOf(TAG) < 0 &&
				    text.indexOf('\\u') < 0)
					env = parse(text);
				else {
					env = parse(text, reviver);
					tagged = true;
				}
			} catch (e) {
				env = null;
			}
		}
		if (env === null || typeof env !== 'object' || isArray(env) ||
		    (tagged && isBinary(env)))
			throw new Error_(fill('ENVELOPE_FAULT', {}));
		if (hasOwn.call(env, 'error'))
			throw new Error_(typeof env.error === 'string' ? env.error :
			    stringify(env.error));
		return env.result;
	}

	function toolFunction(provider, tool, positional) {
		var fn;

		if (positional)
			return function () {
				var args = stringifyForDispatch(P.I.slice(arguments));

				return dispatchText(provider, tool,
				    args === void 0 ? '' : args, readEnvelope);
			};
		/*
		 * The one argument as a parameter: Duktape makes an arguments
		 * object on every call of a function that names `arguments`.
		 * Its length stays 0, as the other's.
		 */
		fn = function (a) {
			/* Undefined for a function or a symbol: no arguments. */
			var args = a === void 0 ? '' : stringifyForDispatch(a);

			return dispatchText(provider, tool,
			    args === void 0 ? '' : args, readEnvelope);
		};
		P.setLength(fn, 0);
		return fn;
	}

	/*
	 * Every string property is a tool, made on first use and kept; `then`
	 * stays absent so a provider is not a thenable.
	 */
	function makeProxy(name, positional) {
		var tools = create(null);

		name = String_(name);
		positional = !!positional;
		return new Proxy_({}, {
			get: function (target, prop) {
				if (typeof prop !== 'string' || prop === 'then')
					return undefined;
				return tools[prop] || (tools[prop] =
				    toolFunction(name, prop, positional));
			}
		});
	}

	var scope = {
		__dispatch: dispatch,
		__stringifyForDispatch: stringifyForDispatch,
		__parseForDispatch: parseForDispatch,
		__BINARY_TAG: TAG,
		__encodeBinaryValue: encodeBinaryValue,
		__decodeBinaryValue: decodeBinaryValue,
		__encodeBase64: encodeBase64,
		__decodeBase64: decodeBase64,
		proxy: makeProxy
	};
	Object.freeze(scope);

	/*
	 * What the entry module's function takes: its module record, then the
	 * entry scope in the spec's order, the order execution.c declares the
	 * parameters in (entry_scope_params; the lowering keeps only those
	 * up to the last the entry names, and the rest go unread).
	 */
	var entryArgs = [null];	/* [0]: the run's module record */
	(function () {
		var all = G.__cm_spec.reservedProviderNames, n;

		for (n in all)
			if (all[n] === 'entry-scope')
				P.I.push(entryArgs, scope[n]);
	})();

	/* ---- modules ---- */

	function normalize(name) {
		var s = String_(name);

		var again = true, i, ext;

		while (s.slice(0, 2) === './')
			s = s.slice(2);
		/* Every trailing extension, as modules_normalize_name does. */
		while (again) {
			again = false;
			for (i = 0; i < 3; i++) {
				ext = ['.js', '.mjs', '.cjs'][i];
				if (s.length > ext.length &&
				    s.slice(s.length - ext.length) === ext) {
					s = s.slice(0, s.length - ext.length);
					again = true;
				}
			}
		}
		return s;
	}

	function notFound(spec) {
		return new Error_(fill('MODULE_NOT_FOUND', { name: String_(spec),
		    declared: declared }));
	}

	function makeNamespace() {
		var ns = create(null);

		if (typeof Symbol === 'function' && Symbol.toStringTag)
			defProp(ns, Symbol.toStringTag, { value: 'Module' });
		return ns;
	}

	function exportGetter(ns, name, getter) {
		defProp(ns, name, { get: getter, enumerable: true,
		    configurable: true });
	}

	/*
	 * A module record (`__m` in lowered code) is its namespace and its
	 * import.meta; the methods are shared, as each closure costs Duktape
	 * about 2 us to make.
	 */
	var recordMethods = {
		export: function (n, getter) {
			exportGetter(this.ns, n, getter);
		},
		exportAll: function (from) {
			var ns = this.ns, k = keys(from), i;

			for (i = 0; i < k.length; i++)
				if (k[i] !== 'default' && !hasOwn.call(ns, k[i]))
					(function (key) {
						exportGetter(ns, key, function () {
							return from[key];
						});
					})(k[i]);
		},
		import: function (spec) {
			return load(spec);
		},
		importDynamic: function (spec, options, phase) {
			return importDynamic(spec, options, phase);
		}
	};

	function makeM(ns, name) {
		var m = create(recordMethods);

		m.ns = ns;
		m.meta = { url: name };
		return m;
	}

	function setDefault(ns, v) {
		exportGetter(ns, 'default', function () { return v; });
	}

	/* The namespace of a module of the map, instantiated on first use. */
	function load(spec) {
		var key = normalize(spec), mod, ns, fn, module, k, i;

		if (hasOwn.call(registry, key))
			return registry[key];
		if (!hasOwn.call(modules, key))
			throw notFound(spec);
		mod = modules[key];
		ns = registry[key] = makeNamespace();
		if (mod.kind === 'js') {
			fn = host.compile(0, mod.value, key);
			/* A top-level await makes the body async: its promise. */
			module = fn(makeM(ns, key));
			if (module !== undefined)
				P.I.push(evaluations, module);
		} else if (mod.kind === 'cjs') {
			fn = host.compile(1, mod.value, key);
			module = { exports: {} };
			fn.call(module.exports, module.exports, function require(s) {
				var r = load(s);

				return modules[normalize(s)].kind === 'cjs' ?
				    r['default'] : r;
			}, module);
			setDefault(ns, module.exports);
			if (module.exports !== null && typeof module.exports === 'object') {
				k = keys(module.exports);
				for (i = 0; i < k.length; i++)
					if (k[i] !== 'default')
						(function (key2) {
							exportGetter(ns, key2, function () {
								return module.exports[key2];
							});
						})(k[i]);
			}
		} else if (mod.kind === 'text') {
			setDefault(ns, mod.value);
		} else {
			/*
			 * A data module's default export is its bytes as an
			 * ArrayBuffer, whichever binary tag carried them (the
			 * wire sends Uint8Array); the decoded view owns its
			 * whole buffer, so the buffer is exactly the bytes.
			 */
			module = decodeBinaryValue(mod.value);
			setDefault(ns, module instanceof ArrayBuffer_ ? module :
			    module.buffer);
		}
		return ns;
	}

	/*
	 * What waits for the modules with a top-level await that were loaded
	 * since `from` (an index into evaluations): a promise of undefined.
	 * An importer sees its imports only once they have finished.
	 */
	function evaluated(from) {
		return Promise_.all(P.I.slice(evaluations, from));
	}

	/*
	 * import(spec, options), or with a phase import.source(...) /
	 * import.defer(...). No module of the map has a source phase
	 * representation (GetModuleSource of a source text, text or data
	 * module throws a SyntaxError); deferred evaluation is not
	 * implemented, and evaluating at once instead would run a module's
	 * code at a time the caller did not ask for, so it rejects.
	 */
	function importDynamic(spec, options, phase) {
		var from = evaluations.length, ns, s;

		try {
			s = P.importRequest(spec, options);
			if (phase === 'defer')
				throw new TypeError_('Cannot import.defer ' +
				    P.describe(s) + ': deferred module evaluation ' +
				    'is not supported. import() of the same module ' +
				    'evaluates it at once.');
			if (phase === 'source') {
				if (!hasOwn.call(modules, normalize(s)))
					throw notFound(s);
				throw new SyntaxError_('Cannot import.source ' +
				    P.describe(s) + ': its module has no source ' +
				    'phase representation. import() of the same ' +
				    'module gives its namespace.');
			}
			ns = load(s);
		} catch (e) {
			return Promise_.reject(e);
		}
		return evaluated(from).then(function () { return ns; });
	}

	/* ---- the run ---- */

	function describe(e) {
		try {
			if (e instanceof Error_ || (e !== null && typeof e === 'object' &&
			    typeof e.message === 'string' && 'name' in e))
				return String_(e.message);
			return String_(e);
		} catch (e2) {
			return 'the thrown value could not be read';
		}
	}

	function settle(st, v) {
		if (state !== 0)
			return;
		state = st;
		completed = true;
		outcome = v;
	}

	/* The entry's arrow: the generated entry hands it over, __m.entry((arrow)). */
	var entryFn;

	function takeEntry(v) {
		entryFn = v;
	}

	/* The reaction (10_promise.js calls its step) that ends the run. */
	var entryReaction = { k: P.K_CORO, step: function (rec, v, rejected) {
		settle(rejected ? 2 : 1, v);
	} };

	/* Calls the arrow; what its value settles to is the run's outcome. */
	function callEntry() {
		var v;

		try {
			if (typeof entryFn !== 'function')
				throw new TypeError_('the entry is not a function');
			v = entryFn();
		} catch (e) {
			settle(2, e);
			return;
		}
		/* As `await` takes it: a native promise is not wrapped again. */
		P.performThen(P.promiseResolve(v), entryReaction);
	}

	function settleRejected(e) {
		settle(2, e);
	}

	/* The run's request: its module map, imports and outbound mode. */
	function setup(entriesJson, declaredText, outboundMode, specsJson,
	    retainFlag) {
		/* Most runs have neither a map nor static imports. */
		var entries = entriesJson === '[]' ? [] : parse(entriesJson), i, e;

		retain = retainFlag === '1';
		staticSpecs = specsJson === '[]' ? [] : parse(specsJson);
		for (i = 0; i < entries.length; i++) {
			e = entries[i];
			modules[e[0]] = { kind: e[1], value: e[2] };
		}
		declared = String_(declaredText);
		if (outboundMode === 'native' || outboundMode === 'stub')
			cm.setOutbound(outbound);
	}

	/*
	 * Takes the run's request (setup's arguments after the compiled entry
	 * module), runs the module, then calls its arrow in a job of its own.
	 */
	function start(moduleFn, entriesJson, declaredText, outboundMode,
	    specsJson, retainFlag) {
		/* The entry exports nothing: its record needs no namespace. */
		var m = makeM(null, 'executor.js'), r;

		m.entry = takeEntry;
		setup(entriesJson, declaredText, outboundMode, specsJson, retainFlag);
		try {
			/* Static imports resolve before anything runs. */
			for (r = 0; r < staticSpecs.length; r++)
				if (!hasOwn.call(modules, normalize(staticSpecs[r])))
					throw notFound(staticSpecs[r]);
			entryArgs[0] = m;
			r = P.I.apply(moduleFn, undefined, entryArgs);
		} catch (e) {
			settle(2, e);
			return;
		}
		/*
		 * The arrow runs after the jobs the module's evaluation queued,
		 * and after any module with a top-level await has finished.
		 */
		if (evaluations.length === 0 && r === undefined)
			queueJob(callEntry);
		else
			(evaluations.length > 0 ? Promise_.all([r, evaluated(0)]) :
			    Promise_.resolve(r)).then(callEntry, settleRejected);
	}

	function answerSize(part, s) {
		if (s.length <= LIMIT)
			return null;
		return fill('PAYLOAD_TOO_LARGE', { part: part, size: s.length,
		    limit: LIMIT });
	}

	/* The run's error text, or PayloadTooLarge's when it is too long. */
	function answerError(text) {
		var over = answerSize(PARTS.RUN_ANSWER, text);

		hostAnswer(2, over !== null ? over : text);
	}

	/*
	 * The run's answer, handed to the host (answer(kind, text): 0 no
	 * value, 1 the result's JSON text, 2 an error text, 3 the fetch
	 * handler is kept); execution.c composes the ExecuteResultMessage
	 * around it with the logs it captured. how (a number, or its decimal
	 * string) 0: the arrow's outcome; 1: v is the host's error text; 2: v
	 * was thrown outside the arrow (a timer callback, a microtask). The
	 * guest's value is stringified with the guest's semantics (its toJSON
	 * and getters run) under the run's bound.
	 */
	function finish(v, how) {
		var text;

		how = Number_(how);
		completed = true;
		if (how === 1) {
			hostAnswer(2, String_(v));
		} else if (how === 2) {
			answerError(describe(v));
		} else if (state === 1 && retain && isHandler(outcome)) {
			handler = outcome;
			hostAnswer(3, '');
		} else if (state === 1) {
			try {
				text = outcome === undefined ? undefined :
				    stringifyForDispatch(outcome);
			} catch (e) {
				/* Duktape's bare "encode recursion limit" says
				 * neither what nor what to do: the grammar's
				 * text does. */
				answerError(e instanceof RangeError &&
				    /recursion limit/.test(String_(e.message)) ?
				    fill('VALUE_TOO_DEEP', { part: PARTS.RUN_ANSWER,
				    limit: K.JSON_DEPTH_LIMIT }) : describe(e));
				return;
			}
			if (typeof text !== 'string')
				hostAnswer(0, '');
			else if (answerSize(PARTS.RUN_ANSWER, text) !== null)
				answerError(text);
			else
				hostAnswer(1, text);
		} else if (state === 2) {
			answerError(describe(outcome));
		} else {
			hostAnswer(0, '');
		}
	}

	function isHandler(v) {
		return typeof v === 'function' || (v !== null &&
		    typeof v === 'object' && typeof v.fetch === 'function');
	}

	/*
	 * invoke(handleName, requestJson): one invocation of the granted
	 * handler with {method, url, headers, body: base64 | null, executionId?};
	 * the host drives the loop until state() is no longer 0.
	 */
	function invoke(name, reqJson) {
		var req, r;

		invoking = true;
		invState = 0;
		invOut = null;
		try {
			req = parse(reqJson);
			if (name !== 'fetch')
				throw new Error_(fill('HANDLE_NOT_FOUND', {
				    executionId: req.executionId === undefined ? '' :
				    req.executionId, handleName: name,
				    granted: '"fetch"' }));
			r = cm.requestFromMessage({ method: req.method || 'GET',
			    url: req.url, headers: req.headers || [],
			    body: typeof req.body === 'string' ?
			    decodeBase64(req.body).buffer : null });
			r = typeof handler === 'function' ? handler(r) :
			    handler.fetch(r);
			r = Promise_.resolve(r).then(function (res) {
				return cm.responseToMessage(res);
			});
		} catch (e) {
			r = Promise_.reject(e);
		}
		r.then(function (m) {
			invState = 1;
			invOut = [m.status, m.statusText, m.headers,
			    encodeBase64(m.body)];
		}, function (e) {
			invState = 2;
			invOut = describe(e);
		});
	}

	/*
	 * The invocation's answer, handed to the host: answer(4, status,
	 * statusText, headers, body base64) or answer(2, error text);
	 * execution.c composes the message and drops the invocation's logs.
	 */
	function invokeResult(error) {
		if (error !== undefined && error !== null)
			hostAnswer(2, String_(error));
		else if (invState === 1)
			hostAnswer(4, invOut[0], invOut[1], invOut[2], invOut[3]);
		else if (invState === 2)
			hostAnswer(2, String_(invOut));
		else
			hostAnswer(2, 'the handler did not answer');
	}

	/*
	 * One turn of the host's loop (execution.c), in one call: the
	 * queued jobs run; then -2 if the run or the invocation settled,
	 * else the next timer's delay in ms (-1: no timer).
	 */
	function step() {
		var d = quietTimerDelay();

		if (d !== -3)
			return (invoking ? invState : state) !== 0 ? -2 : d;
		drainMicrotasks();
		if ((invoking ? invState : state) !== 0)
			return -2;
		takeUnhandledRejections();
		return nextTimerDelay();
	}

	/* An answer, then the turn it starts (step), in one call. */
	function deliver(id, text) {
		var call = pending[id];

		if (call !== void 0) {
			delete pending[id];
			npending--;
			settleCall(call.p, call.decode, text);
		}
		return step();
	}

	/* The host's outbound function: the request as plain data, base64 bodies. */
	function outbound(req) {
		var body = req.body === null || req.body === undefined ? null :
		    encodeBase64(req.body);

		return hostCall(1, String_(req.method), String_(req.url), req.headers,
		    body, undefined).then(function (text) {
			var r = parse(text);

			if (r === null || typeof r !== 'object')
				throw new TypeError_('fetch failed');
			if (hasOwn.call(r, 'error'))
				throw new TypeError_(String_(r.error));
			return { status: r.status, statusText: r.statusText || '',
			    headers: r.headers || [], body: typeof r.body === 'string' ?
			    decodeBase64(r.body).buffer : new ArrayBuffer_(0) };
		});
	}

	var internal = {
		start: start,
		step: step,
		retained: function () { return handler !== null ? 1 : 0; },
		invoke: invoke,
		invokeResult: invokeResult,
		pendingCalls: function () { return npending; },
		deliver: deliver,
		finish: finish
	};

	P.def(cm, 'hostInit', function hostInit(natives) {
		if (host !== null)
			throw new TypeError_('the host is already installed');
		host = natives;
		hostCallNative = natives.call;
		hostAnswer = natives.answer;
		consoleToHost(natives.log);
		return internal;
	});
	P.def(cm, 'entryScope', function entryScope() {
		return scope;
	});
})(this);

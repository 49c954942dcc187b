/*
 * 31_lazy.js: lazy groups.  A runtime file that opens with
 * `this.__cm.P.group('NAME', function (G, P) {...})` is left out of the core
 * bytecode and compiled as group NAME of its own (engine/tools/preludec.c).
 * P.lazy(NAME, globals, enumerable) makes each of the globals a configurable
 * accessor; its first read or write loads the group (the host's
 * __cm_native.loadGroup runs its bytecode with `this` = {__cm: {P: P}}),
 * runs the registered init functions, which define the globals for real,
 * and answers from the real property.  P.need[NAME]() does the same for code
 * that needs a group's internals.  When the files run concatenated (the
 * tests/js/builtins/run-duk.sh dev runner) the groups register as they go
 * and nothing is loaded.
 *
 * Also the WebIDL helpers the web groups share, what those groups must
 * capture before user code runs (the spec, the native TextEncoder and
 * TextDecoder, setTimeout, performance's time origin), and the eager stubs of
 * the groups `locale` and `clone`.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var load = P.native.loadGroup;
	var gopd = Object.getOwnPropertyDescriptor;
	var defineProperty = Object.defineProperty;
	var inits = Object.create(null), groups = Object.create(null);
	var triggers = Object.create(null);
	/* kept for the groups' globals, which load after the seal (99_seal.js) */
	var noCtor = P.native.noCtor;

	/* Runs when a group's source loads, after guest code may have replaced
	 * Array.prototype.push or put an accessor without a setter on
	 * Object.prototype[0] (a [[Set]] would throw): defined, not pushed. */
	P.group = function group(name, init) {
		var list = inits[name] || (inits[name] = []);
		defineProperty(list, list.length, { value: init, writable: true,
		    enumerable: true, configurable: true });
	};
	P.need = {};

	/*
	 * One getter and one setter serve every trigger: Duktape passes the
	 * property key to accessors (getter(key), setter(value, key)).
	 */
	function get(key) {
		var t = triggers[key], d;
		if (t === undefined)
			return undefined;
		t.g.ensure();
		d = gopd(G, key);
		if (d !== undefined && 'value' in d)
			return d.value;
		/* still the trigger: the global object was frozen meanwhile */
		return d !== undefined && d.get === get ? t.value : undefined;
	}
	function set(v, key) {
		var t = triggers[key], d;
		if (t === undefined)
			return;
		t.g.ensure();
		d = gopd(G, key);
		if (d !== undefined && !d.configurable)
			return;
		defineProperty(G, key, { value: v, writable: true,
		    enumerable: t.en, configurable: true });
	}

	/*
	 * defGlobal(name, value): how a group defines its globals.  The real
	 * property replaces the trigger with the attributes an eager definition
	 * has; a trigger the script already replaced or deleted stays so.
	 */
	P.defGlobal = function defGlobal(name, value) {
		var t = triggers[name], d = gopd(G, name);
		if (noCtor !== undefined && value !== null &&
		    (typeof value === 'object' || typeof value === 'function'))
			noCtor(value, /^[A-Z]/.test(name) ? 2 :
			    typeof value === 'function' ? 0 : 1);
		if (t === undefined) {
			P.def(G, name, value);
			return;
		}
		t.value = value;
		if (d !== undefined && d.get === get && d.configurable)
			defineProperty(G, name, { value: value, writable: true,
			    enumerable: t.en, configurable: true });
	};

	/*
	 * lazy(name, globals, enumerable, cold): adds globals to group name's
	 * triggers (may be called again for more) and returns its ensure
	 * function. A cold group is left out of preload(): a zygote's warm heap
	 * does not carry it, the first script that uses it loads it.
	 */
	P.lazy = function lazy(name, names, enumerable, cold) {
		var g = groups[name], i, en;
		if (g === undefined) {
			g = groups[name] = { done: false, cold: !!cold };
			g.ensure = function () {
				ensure(name, g);
			};
			P.need[name] = g.ensure;
		}
		for (i = 0; i < names.length; i++) {
			en = enumerable.indexOf(names[i]) >= 0;
			triggers[names[i]] = { g: g, en: en };
			defineProperty(G, names[i], { get: get, set: set,
			    enumerable: en, configurable: true });
		}
		return g.ensure;
	};

	function ensure(name, g) {
		var i, list;
		if (g.done)
			return;
		g.done = true;
		if (inits[name] === undefined)
			load(name, { __cm: { P: P } });
		list = inits[name] || [];
		/* The inits and the code only they use are garbage once run; with
		 * no cycle through fn.prototype, refcounting frees them at once. */
		inits[name] = null;
		for (i = 0; i < list.length; i++) {
			list[i].prototype = null;
			list[i](G, P);
			list[i] = null;
		}
	}

	function preload() {
		var k;
		for (k in groups)
			if (!groups[k].cold)
				groups[k].ensure();
	}
	/* The host may load every group ahead (a zygote's warm heap). */
	if (typeof P.native.setPreload === 'function')
		P.native.setPreload(preload);

	/*
	 * A global's descriptor is the one its eager definition would have:
	 * asking for a trigger's loads its group first (so
	 * Object.getOwnPropertyDescriptor(globalThis, 'WeakRef') is a
	 * writable data property, not the trigger's accessor).
	 */
	function realize(o, k) {
		var t;
		if (o === G && typeof k === 'string' &&
		    (t = triggers[k]) !== undefined && !t.g.done)
			t.g.ensure();
	}
	var reflectGopd = Reflect.getOwnPropertyDescriptor;
	P.def(Object, 'getOwnPropertyDescriptor',
	    function getOwnPropertyDescriptor(o, k) {
		realize(o, k);
		return gopd(o, k);
	});
	P.def(Reflect, 'getOwnPropertyDescriptor',
	    function getOwnPropertyDescriptor(o, k) {
		realize(o, k);
		return reflectGopd(o, k);
	});

	/* Triggers cannot become data properties on a frozen global object: it
	 * gets every group first. */
	P.freezeHooks.push(function (o) {
		if (o === G)
			preload();
	});

	/* --- shared by the web groups ---------------------------------------- */

	P.spec = G.__cm_spec;
	P.nativeTextEncoder = G.TextEncoder;
	P.nativeTextDecoder = G.TextDecoder;
	P.setTimeout = G.setTimeout;
	/* the host's monotonic clock; Date.now where a host (a bench) has none */
	P.now = typeof P.native.now === 'function' ? P.native.now : Date.now;
	P.timeOrigin = P.now();
	P.inspectHooks = [];

	P.tag = function tag(C, name) {
		defineProperty(C.prototype, Symbol.toStringTag, {
			value: name, writable: false, enumerable: false,
			configurable: true });
	};
	/* Operations and attributes of the global are enumerable (WebIDL). */
	P.defEnum = function defEnum(obj, name, value) {
		defineProperty(obj, name, { value: value, writable: true,
		    enumerable: true, configurable: true });
	};
	/* An accessor property on a prototype, WebIDL style. */
	P.getter = function getter(obj, name, fn) {
		P.setName(fn, 'get ' + name);
		defineProperty(obj, name, { get: fn, enumerable: true,
		    configurable: true });
	};
	P.requireNew = function requireNew(self, C, name) {
		if (!(self instanceof C))
			throw new TypeError("Class constructor " + name +
			    " cannot be invoked without 'new'");
	};
	P.illegal = function illegal() {
		throw new TypeError('Illegal constructor');
	};

	/* --- locale (32_locale.js) and clone (35_clone.js) --------------------- */

	var nativeToLocale = Number.prototype.toLocaleString;
	var needLocale = P.lazy('locale', [], []);
	P.def(Number.prototype, 'toLocaleString', function toLocaleString(locales, options) {
		var x;
		if (typeof this === 'number')
			x = this;
		else if (this instanceof Number)
			x = this.valueOf();
		else
			return nativeToLocale.call(this);
		needLocale();
		return P.formatNumberLocale(x, options, locales);
	});

	/* Intl (32_intl.js); a Date's toLocale*String given options loads it.
	 * Preloaded: loading it in a run cost 0.2-0.3 ms, keeping it in the
	 * zygote's image costs a run nothing measurable. */
	P.lazy('intl', ['Intl'], []);

	/* DOMException's place among the globals; 62_encoding.js defines it. */
	P.lazy('encoding', ['DOMException'], []);
	P.lazy('clone', ['structuredClone'], []);
})(this);

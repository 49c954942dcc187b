/*
 * 36_weakref.js (lazy group `weak`): WeakRef and FinalizationRegistry.
 * The spec lets an implementation never collect a weakly held target
 * (ES2025 9.9.3: liveness is up to the implementation), and this one never
 * does: a WeakRef holds its target strongly, so deref() always returns it,
 * and a FinalizationRegistry keeps its cells until unregister() removes
 * them, so its cleanup callback never runs.  Registered symbols
 * (Symbol.for) cannot be held weakly; objects and other symbols can.
 */
this.__cm.P.group('weak', function (G, P) {
	'use strict';
	var TARGET = P.hidden('WeakRefTarget');
	var CELLS = P.hidden('FinalizationCells');
	var keyFor = Symbol.keyFor;
	var isObject = P.isObject;

	function canBeHeldWeakly(v) {
		return isObject(v) ||
		    (typeof v === 'symbol' && keyFor(v) === undefined);
	}
	function thisCheck(o, key, name) {
		if (!isObject(o) || o[key] === undefined)
			throw new TypeError('Method ' + name +
			    ' called on incompatible receiver ' + P.describe(o));
		return o[key];
	}

	function WeakRef(target) {
		if (!(this instanceof WeakRef) || this[TARGET] !== undefined)
			throw new TypeError("Constructor WeakRef requires 'new'");
		if (!canBeHeldWeakly(target))
			throw new TypeError('WeakRef: invalid target');
		Object.defineProperty(this, TARGET, { value: { t: target } });
	}
	P.def(WeakRef.prototype, 'deref', function deref() {
		return thisCheck(this, TARGET, 'WeakRef.prototype.deref').t;
	});
	Object.defineProperty(WeakRef.prototype, Symbol.toStringTag,
	    { value: 'WeakRef', configurable: true });
	P.ctorShape(WeakRef, 1);

	function FinalizationRegistry(cleanupCallback) {
		if (!(this instanceof FinalizationRegistry) ||
		    this[CELLS] !== undefined)
			throw new TypeError(
			    "Constructor FinalizationRegistry requires 'new'");
		if (typeof cleanupCallback !== 'function')
			throw new TypeError('FinalizationRegistry: cleanup must ' +
			    'be callable');
		Object.defineProperty(this, CELLS, { value: { f: cleanupCallback,
		    cells: [] } });
	}
	P.def(FinalizationRegistry.prototype, 'register',
	    function register(target, heldValue) {
		var d = thisCheck(this, CELLS,
		    'FinalizationRegistry.prototype.register');
		var token = arguments[2];
		if (!canBeHeldWeakly(target))
			throw new TypeError('FinalizationRegistry.prototype.' +
			    'register: invalid target');
		if (target === heldValue)
			throw new TypeError('FinalizationRegistry.prototype.' +
			    'register: target and holdings must not be same');
		if (!canBeHeldWeakly(token)) {
			if (token !== undefined)
				throw new TypeError('FinalizationRegistry.prototype.' +
				    'register: invalid unregister token');
			token = undefined;
		}
		d.cells.push({ t: target, h: heldValue, k: token });
		return undefined;
	});
	P.def(FinalizationRegistry.prototype, 'unregister',
	    function unregister(unregisterToken) {
		var d = thisCheck(this, CELLS,
		    'FinalizationRegistry.prototype.unregister');
		var kept = [], removed = false, i;
		if (!canBeHeldWeakly(unregisterToken))
			throw new TypeError('Invalid unregisterToken');
		for (i = 0; i < d.cells.length; i++) {
			if (d.cells[i].k === unregisterToken)
				removed = true;
			else
				kept.push(d.cells[i]);
		}
		d.cells = kept;
		return removed;
	});
	P.setLength(FinalizationRegistry.prototype.register, 2);
	Object.defineProperty(FinalizationRegistry.prototype, Symbol.toStringTag,
	    { value: 'FinalizationRegistry', configurable: true });
	P.ctorShape(FinalizationRegistry, 1);

	P.defGlobal('WeakRef', WeakRef);
	P.defGlobal('FinalizationRegistry', FinalizationRegistry);
});

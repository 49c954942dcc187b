// @node Proxy: each invariant the spec lists is checked, for every trap
// (Proxy is read first: the built-ins learn about proxies when it loads)
var P0 = Proxy;
function t(label, f) {
	try {
		console.log(label, 'ok', JSON.stringify(f()));
	} catch (e) {
		console.log(label, e.name);
	}
}
var fixed = {};
Object.defineProperty(fixed, 'nc', { value: 1, writable: false, enumerable: true, configurable: false });
Object.defineProperty(fixed, 'ncw', { value: 1, writable: true, enumerable: true, configurable: false });
Object.defineProperty(fixed, 'acc', { get: undefined, set: undefined, configurable: false });
fixed.c = 2;
var sealed = Object.preventExtensions({ k: 1 });
function P(target, h) { return new Proxy(target, h); }
// getOwnPropertyDescriptor
t('gOPD non-object result', () => Object.getOwnPropertyDescriptor(P({}, { getOwnPropertyDescriptor: () => 1 }), 'x'));
t('gOPD hides non-configurable', () => Object.getOwnPropertyDescriptor(P(fixed, { getOwnPropertyDescriptor: () => undefined }), 'nc'));
t('gOPD hides on non-extensible', () => Object.getOwnPropertyDescriptor(P(sealed, { getOwnPropertyDescriptor: () => undefined }), 'k'));
t('gOPD hides configurable', () => Object.getOwnPropertyDescriptor(P(fixed, { getOwnPropertyDescriptor: () => undefined }), 'c'));
t('gOPD invents on non-extensible', () => Object.getOwnPropertyDescriptor(P(sealed, { getOwnPropertyDescriptor: () => ({ value: 1, configurable: true }) }), 'new'));
t('gOPD non-configurable for missing', () => Object.getOwnPropertyDescriptor(P({}, { getOwnPropertyDescriptor: () => ({ value: 1, configurable: false }) }), 'x'));
t('gOPD non-configurable non-writable for writable', () => Object.getOwnPropertyDescriptor(P(fixed, { getOwnPropertyDescriptor: () => ({ value: 1, writable: false, enumerable: true, configurable: false }) }), 'ncw'));
t('gOPD incompatible value', () => Object.getOwnPropertyDescriptor(P(fixed, { getOwnPropertyDescriptor: () => ({ value: 2, writable: false, enumerable: true, configurable: false }) }), 'nc'));
t('gOPD invalid descriptor', () => Object.getOwnPropertyDescriptor(P({}, { getOwnPropertyDescriptor: () => ({ get: 1 }) }), 'x'));
t('gOPD completes', () => Object.getOwnPropertyDescriptor(P({ x: 1 }, { getOwnPropertyDescriptor: () => ({ value: 5, configurable: true }) }), 'x'));
// defineProperty
t('define false throws', () => Object.defineProperty(P({}, { defineProperty: () => false }), 'x', { value: 1 }));
t('R.define false', () => Reflect.defineProperty(P({}, { defineProperty: () => false }), 'x', { value: 1 }));
t('define on non-extensible', () => Reflect.defineProperty(P(Object.preventExtensions({}), { defineProperty: () => true }), 'x', { value: 1 }));
t('define non-configurable missing', () => Reflect.defineProperty(P({}, { defineProperty: () => true }), 'x', { value: 1, configurable: false }));
t('define non-configurable over configurable', () => Reflect.defineProperty(P({ x: 1 }, { defineProperty: () => true }), 'x', { value: 1, configurable: false }));
t('define incompatible', () => Reflect.defineProperty(P(fixed, { defineProperty: () => true }), 'nc', { value: 7 }));
t('define non-writable over writable non-configurable', () => Reflect.defineProperty(P(fixed, { defineProperty: () => true }), 'ncw', { value: 1, writable: false, configurable: false }));
t('define trap sees a descriptor object', () => { var seen; Reflect.defineProperty(P({}, { defineProperty: (tt, k, d) => { seen = d; return false; } }), 'x', { value: 1, enumerable: true }); return seen; });
// getPrototypeOf / setPrototypeOf
t('getProto non-object', () => Object.getPrototypeOf(P({}, { getPrototypeOf: () => 1 })));
t('getProto undefined', () => Object.getPrototypeOf(P({}, { getPrototypeOf: () => undefined })));
t('getProto non-extensible lie', () => Object.getPrototypeOf(P(Object.preventExtensions({}), { getPrototypeOf: () => Array.prototype })));
t('getProto non-extensible same', () => Object.getPrototypeOf(P(Object.preventExtensions({}), { getPrototypeOf: () => Object.prototype })) === Object.prototype);
t('setProto false', () => Reflect.setPrototypeOf(P({}, { setPrototypeOf: () => false }), null));
t('setProto false throws', () => Object.setPrototypeOf(P({}, { setPrototypeOf: () => 0 }), null));
t('setProto non-extensible lie', () => Reflect.setPrototypeOf(P(Object.preventExtensions({}), { setPrototypeOf: () => true }), null));
// isExtensible / preventExtensions
t('isExtensible lie', () => Object.isExtensible(P({}, { isExtensible: () => false })));
t('isExtensible truthy', () => Object.isExtensible(P({}, { isExtensible: () => 1 })));
t('preventExtensions lie', () => Reflect.preventExtensions(P({}, { preventExtensions: () => true })));
t('preventExtensions false', () => Reflect.preventExtensions(P({}, { preventExtensions: () => false })));
t('preventExtensions false throws', () => Object.preventExtensions(P({}, { preventExtensions: () => false })));
// ownKeys
t('ownKeys duplicate', () => Reflect.ownKeys(P({}, { ownKeys: () => ['a', 'a'] })));
var sym = Symbol('s');
t('ownKeys duplicate symbol', () => Reflect.ownKeys(P({}, { ownKeys: () => [sym, sym] })));
t('ownKeys non-key', () => Reflect.ownKeys(P({}, { ownKeys: () => [1] })));
t('ownKeys non-object', () => Reflect.ownKeys(P({}, { ownKeys: () => 'ab' })));
t('ownKeys drops non-configurable', () => Reflect.ownKeys(P(fixed, { ownKeys: () => ['ncw', 'acc', 'c'] })));
t('ownKeys drops on non-extensible', () => Object.keys(P(sealed, { ownKeys: () => [] })));
t('ownKeys extra on non-extensible', () => Object.getOwnPropertySymbols(P(sealed, { ownKeys: () => ['k', 'extra'] })));
t('ownKeys complete on non-extensible', () => Object.keys(P(sealed, { ownKeys: () => ['k'] })));
t('keys filter through gOPD', () => Object.keys(P({ a: 1 }, { ownKeys: () => ['a', 'b'], getOwnPropertyDescriptor: (tt, k) => ({ value: 1, enumerable: k === 'b', configurable: true }) })));
// get / set / has / deleteProperty
t('get lies about frozen value', () => P(fixed, { get: () => 2 }).nc);
t('get lies through a proxy target', () => P(P(fixed, {}), { get: () => 2 }).nc);
t('get truth about frozen value', () => P(fixed, { get: () => 1 }).nc);
t('get lies about getterless accessor', () => P(fixed, { get: () => 1 }).acc);
t('set changes frozen value', () => Reflect.set(P(fixed, { set: () => true }), 'nc', 2));
t('set on setterless accessor', () => Reflect.set(P(fixed, { set: () => true }), 'acc', 2));
t('set false', () => Reflect.set(P({}, { set: () => false }), 'x', 2));
t('has hides non-configurable', () => 'nc' in P(fixed, { has: () => false }));
t('has hides on non-extensible', () => Reflect.has(P(sealed, { has: () => false }), 'k'));
t('has hides configurable', () => 'c' in P(fixed, { has: () => false }));
t('delete non-configurable', () => Reflect.deleteProperty(P(fixed, { deleteProperty: () => true }), 'nc'));
t('delete on non-extensible', () => Reflect.deleteProperty(P(sealed, { deleteProperty: () => true }), 'k'));
t('delete false', () => Reflect.deleteProperty(P(fixed, { deleteProperty: () => false }), 'nc'));
// construct / apply
t('construct non-object', () => new (P(function () {}, { construct: () => 1 }))());
t('construct object', () => new (P(function () {}, { construct: () => ({ made: 1 }) }))());
t('trap not callable', () => Object.isExtensible(P({}, { isExtensible: 1 })));

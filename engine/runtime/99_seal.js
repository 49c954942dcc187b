/*
 * 99_seal.js: the last prelude file.  Drops the prelude's private namespace,
 * freezes __cm and removes the engine's own surface from the global object,
 * so user code can reach neither the coroutine primitives nor Duktape.
 * `print` stays: the host decides about it.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var i, names;

	if (P.sealHooks)
		for (i = 0; i < P.sealHooks.length; i++)
			P.sealHooks[i]();
	delete cm.P;
	Object.freeze(cm);

	/* Duktape-specific surface that would expose internals or bypass the
	 * sandbox's own semantics. */
	if (typeof String.fromBufferRaw === 'function')
		delete String.fromBufferRaw;
	names = ['Duktape', '__cm_native', 'CBOR', 'require', 'alert'];
	for (i = 0; i < names.length; i++) {
		try {
			delete G[names[i]];
		} catch (e) {
			/* a `var` global is not deletable: blank it instead */
			try {
				G[names[i]] = undefined;
			} catch (e2) { /* read-only: nothing more to do */ }
		}
	}
})(this);

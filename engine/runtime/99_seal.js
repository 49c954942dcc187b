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

	/* ES2015+: built-in methods (and getters, setters, global functions)
	 * are no constructors and have no `prototype`; the prelude wrote them
	 * as plain functions (engine/host/duk_noctor.inc). The intrinsics no global
	 * leads to are listed (P.noCtorProtos: those a file's closure holds);
	 * the groups' globals get theirs in P.defGlobal. */
	function noCtors(noCtor) {
		var getProto = Object.getPrototypeOf, list, j;

		if (typeof noCtor !== 'function')
			return;
		noCtor(G, 3);
		list = (P.noCtorProtos || []).concat(P.IteratorPrototype,
		    P.AsyncIteratorPrototype, P.GeneratorPrototype,
		    P.AsyncGeneratorPrototype, getProto([][Symbol.iterator]()),
		    getProto(''[Symbol.iterator]()), P.TypedArray);
		for (j = 0; j < list.length; j++)
			if (list[j] !== undefined && list[j] !== null)
				noCtor(list[j], 2);
	}

	if (P.sealHooks)
		for (i = 0; i < P.sealHooks.length; i++)
			P.sealHooks[i]();
	/* run once: the groups' closures keep P, so drop the hooks */
	P.sealHooks = null;
	noCtors(P.native.noCtor);
	/* Last, so that no prelude file, nor a group the zygote preloads,
	 * loads the cold group `buffer` (38_buffer.js) through them. */
	P.lazy('buffer', P.TANames, [], true);
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

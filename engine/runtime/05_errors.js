/*
 * 05_errors.js: the ES2022 `cause` option for the native error constructors,
 * and AggregateError.  Duktape's constructors ignore a second argument, so
 * each one is wrapped by an ES function that shares the native prototype
 * (instanceof and errors thrown by the engine itself keep working).
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var names = ['Error', 'EvalError', 'RangeError', 'ReferenceError',
	    'SyntaxError', 'TypeError', 'URIError'];
	var i;

	function installCause(e, options) {
		if (P.isObject(options) && ('cause' in options))
			P.def(e, 'cause', options.cause);
	}
	P.installCause = installCause;

	function wrap(name) {
		var N = G[name];
		var proto = N.prototype;
		var W = function (message, options) {
			var e = message === undefined ? new N() : new N(message);
			var self = this;
			if (self instanceof W && Object.getPrototypeOf(self) !== proto)
				Object.setPrototypeOf(e, Object.getPrototypeOf(self));
			if (options !== undefined)
				installCause(e, options);
			return e;
		};
		P.setName(W, name);
		P.setLength(W, 1);
		W.prototype = proto;
		P.def(proto, 'constructor', W);
		if (name !== 'Error')
			Object.setPrototypeOf(W, G.Error);
		P.def(G, name, W);
		P['Native' + name] = N;
	}
	for (i = 0; i < names.length; i++)
		wrap(names[i]);

	/* AggregateError(errors, message, options). */
	function AggregateError(errors, message, options) {
		var e = message === undefined ? new P.NativeError() :
		    new P.NativeError(message);
		var proto = AggregateError.prototype;
		var list;
		if (this instanceof AggregateError &&
		    Object.getPrototypeOf(this) !== proto)
			proto = Object.getPrototypeOf(this);
		Object.setPrototypeOf(e, proto);
		if (options !== undefined)
			installCause(e, options);
		list = P.iterList(errors);
		P.def(e, 'errors', list);
		return e;
	}
	P.setLength(AggregateError, 2);
	AggregateError.prototype = Object.create(G.Error.prototype);
	P.def(AggregateError.prototype, 'constructor', AggregateError);
	P.def(AggregateError.prototype, 'name', 'AggregateError');
	P.def(AggregateError.prototype, 'message', '');
	Object.setPrototypeOf(AggregateError, G.Error);
	P.def(G, 'AggregateError', AggregateError);
})(this);

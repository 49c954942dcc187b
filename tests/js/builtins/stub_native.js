/* Dev-only stand-in for the engine host's __cm_native (virtual clock). */
var __vt = 1000;
var __cm_native = {
	now: function () { return __vt; },
	print: function (s) { print(s); },
	printErr: function (s) { print(s); },
	regexpTranslate: typeof __stubRegexpTranslate === 'function' ?
	    __stubRegexpTranslate : function (src, flags) {
		throw new SyntaxError('Invalid regular expression: /' + src + '/' +
		    flags + ': not supported by the stub');
	}
};

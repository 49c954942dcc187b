/* Dev-only stand-in for the engine host's __cm_native (virtual clock). */
var __vt = 1000;
var __cm_native = {
	now: function () { return __vt; },
	print: function (s) { print(s); },
	printErr: function (s) { print(s); }
};

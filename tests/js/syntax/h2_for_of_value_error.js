// for-of: an abrupt next(), done or value does not close the iterator;
// an abrupt body or break does.
var log = [];
function src(mode) {
	var o = {};
	o[Symbol.iterator] = function () {
		return {
			next: function () {
				if (mode === "next") throw new Error("next");
				return {
					get done() { if (mode === "done") throw new Error("done"); return false; },
					get value() { if (mode === "value") throw new Error("value"); return 1; }
				};
			},
			return: function () { log.push("return"); return {}; }
		};
	};
	return o;
}
["next", "done", "value", "body", "break"].forEach(function (mode) {
	try {
		for (var x of src(mode)) {
			if (mode === "body") throw new Error("body");
			break;
		}
	} catch (e) { log.push(e.message); }
	console.log(mode, log.join(","));
	log = [];
});

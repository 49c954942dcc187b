/*
 * 60_console.js: the console's capture buffer and sink; the console object
 * and its value formatter are lazy group `console` (60_inspect.js), loaded
 * when a script first touches `console`.  Also __cm.fill, the helper that
 * composes pinned texts from __cm_spec templates.
 *
 * log/warn/error become {level, text} lines.  Inside an execution the host
 * captures them: 90_entry.js hands the host's `log` native over through
 * P.consoleToHost, and engine/host/execution.c charges, bounds and keeps each
 * line in C, where guest code cannot reach the log or its wire shape.
 * Without a host (engine tests) they are captured here (__cm.takeLogs()
 * returns and clears them) under CONSOLE_CAPTURE_LIMIT, each line charged its
 * JSON wire length, and the line whose charge meets the limit is dropped
 * whole; __cm.setConsoleSink(fn) routes lines to fn(level, text) instead
 * (script mode prints them).  Every other Console Standard method exists and
 * does nothing observable.
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;
	var spec = G.__cm_spec;
	var LIMIT = spec.constants.CONSOLE_CAPTURE_LIMIT;
	var STOP_TEXT = spec.constants.CONSOLE_CAPTURE_MESSAGE;
	/* The console's intrinsics (00_core.js), taken now, before guest code
	 * runs: 60_inspect.js is loaded later, on first use of `console`. */
	var I = P.CI = P.captureIntrinsics();
	var hasOwn = I.hasOwn, String_ = I.String, stringify = I.stringify;
	var logs = [], used = 0, stopped = false, sink = null, sinkAll = false;
	var hostLog = null;	/* the host's capture (execution.c), once installed */

	/* fill(name, values): the pinned text NAME with each <param> replaced. */
	function fill(name, values) {
		var t = spec.texts[name];
		if (t === undefined)
			throw new Error('no pinned text ' + name);
		/* Scanned here: String.prototype.replace is 40_regexp.js's,
		 * JS over methods guest code can replace. */
		var s = t.template, out = '', i = 0, j, k, c;
		while (i < s.length) {
			c = I.charAt(s, i);
			j = c === '<' ? I.sIndexOf(s, '>', i + 1) : -1;
			k = j > i + 1 ? I.sSlice(s, i + 1, j) : '';
			if (k !== '' && I.reTest(/^[A-Za-z]+$/, k) && values &&
			    hasOwn(values, k)) {
				out += String_(values[k]);
				i = j + 1;
			} else {
				out += c;
				i++;
			}
		}
		return out;
	}
	P.fill = fill;
	P.def(cm, 'fill', fill);

	function emit(level, text) {
		var cost;
		if (sink !== null) {
			sink(level, text);
			return;
		}
		if (hostLog !== null) {
			hostLog(level, text);
			return;
		}
		if (stopped)
			return;
		/* The line's wire shape; the string alone is stringified, so no
		 * toJSON of the guest's is consulted. */
		cost = 22 + level.length + stringify(String_(text)).length - 2;
		/* The seed: "the line that meets it is dropped whole". */
		if (used + cost >= LIMIT) {
			stopped = true;
			I.push(logs, { level: 'warn', text: STOP_TEXT });
			return;
		}
		used += cost;
		I.push(logs, { level: level, text: text });
	}

	P.def(cm, 'takeLogs', function takeLogs() {
		var r = logs;
		logs = [];
		return r;
	});
	/* fn(level, text) takes every line; with all, info/debug/trace too
	 * (script mode prints them), which capture never records. */
	P.def(cm, 'setConsoleSink', function setConsoleSink(fn, all) {
		sink = typeof fn === 'function' ? fn : null;
		sinkAll = sink !== null && !!all;
	});

	/* For the console object (60_inspect.js, lazy group `console`). */
	P.consoleEmit = emit;
	P.consoleToHost = function consoleToHost(fn) {
		hostLog = typeof fn === 'function' ? fn : null;
	};
	P.consoleExtra = function consoleExtra(name, args) {
		if (sinkAll && sink !== null)
			sink(name, P.formatArgs(args));
	};
	P.lazy('console', ['console'], []);
})(this);


/*
 * 80_absent.js: the declared absences of the protocol.  Each name exists, so
 * typeof detection enters the guarded branch, and the first touch fails with
 * a DOMException NotSupportedError carrying the pinned text that says why
 * and what remains possible: CompressionStream and DecompressionStream
 * (construction), ArrayBuffer.prototype.resize and
 * SharedArrayBuffer.prototype.grow (calls), caches (every member rejects).
 *
 * Duktape has no SharedArrayBuffer.  With one agent and no Atomics a shared
 * buffer is plain memory, so SharedArrayBuffer here makes fixed-length
 * buffers (ArrayBuffers under SharedArrayBuffer.prototype, viewable by typed
 * arrays), and its grow is the declared absence.
 *
 * Lazy group `absent`; the ArrayBuffer.prototype members are defined eagerly
 * in 61_web.js.
 */
this.__cm.P.group('absent', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var ArrayBuffer = P.TA.ArrayBuffer;
	var Promise_ = P.Promise;
	var absent = P.absent;

	function stream(name) {
		var C = function () {
			throw absent(P.fill('COMPRESSION_ABSENT', { name: name }));
		};
		P.setName(C, name);
		P.setLength(C, 1);
		P.tag(C, name);
		P.defGlobal(name, C);
	}
	stream('CompressionStream');
	stream('DecompressionStream');

	var SAB = P.nativeSharedArrayBuffer;
	if (typeof SAB !== 'function') {
		SAB = function SharedArrayBuffer(length) {
			var b;
			P.requireNew(this, SAB, 'SharedArrayBuffer');
			b = new ArrayBuffer(P.toInt(length));
			Object.setPrototypeOf(b, Object.getPrototypeOf(this));
			return b;
		};
		SAB.prototype = Object.create(ArrayBuffer.prototype);
		P.def(SAB.prototype, 'constructor', SAB);
		P.tag(SAB, 'SharedArrayBuffer');
		P.getter(SAB.prototype, 'growable', function () {
			return false;
		});
		P.setLength(SAB, 1);
		P.defGlobal('SharedArrayBuffer', SAB);
	}
	P.growth(SAB.prototype, 'grow', 'SharedArrayBuffer.prototype.grow');

	/* caches: CacheStorage's members, no interface object behind them. */
	var caches = {};
	var members = ['open', 'has', 'delete', 'keys', 'match'];
	var i;
	function member(name) {
		var f = function () {
			return Promise_.reject(absent(P.fill('CACHE_STORAGE_ABSENT',
			    {})));
		};
		P.setName(f, name);
		Object.defineProperty(caches, name, { value: f, writable: true,
		    enumerable: true, configurable: true });
	}
	for (i = 0; i < members.length; i++)
		member(members[i]);
	P.defGlobal('caches', caches);
});

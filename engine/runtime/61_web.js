/*
 * 61_web.js: the eager side of the web platform.  Its globals belong to lazy
 * groups (31_lazy.js) and are only accessors here, in the order the globals
 * had when the groups ran eagerly; what must exist before the seal freezes
 * __cm (the host's side of fetch) or lives on a built-in prototype
 * (ArrayBuffer.prototype.resize, resizable, maxByteLength) is defined here.
 *
 *   encoding  62_encoding.js   DOMException, TextEncoder, TextDecoder,
 *                              atob, btoa
 *   events    64_events.js     performance, Event, CustomEvent, EventTarget,
 *                              AbortSignal, AbortController
 *   url       66_url_parse.js, 67_url.js   URL, URLSearchParams
 *   fetch     70_fetch.js      Headers, Request, Response, fetch
 *   crypto    75_crypto.js     crypto, Crypto, SubtleCrypto, CryptoKey
 *   absent    80_absent.js     CompressionStream, DecompressionStream,
 *                              SharedArrayBuffer, caches
 */
(function (G) {
	'use strict';
	var cm = G.__cm;
	var P = cm.P;

	P.nativeSharedArrayBuffer = G.SharedArrayBuffer;

	P.lazy('encoding', ['TextEncoder', 'TextDecoder', 'btoa', 'atob'],
	    ['btoa', 'atob']);
	P.lazy('events', ['performance', 'Event', 'CustomEvent', 'EventTarget',
	    'AbortSignal', 'AbortController'], ['performance']);
	P.lazy('url', ['URL', 'URLSearchParams'], []);
	P.lazy('fetch', ['Headers', 'Request', 'Response', 'fetch'], ['fetch']);
	P.lazy('crypto', ['crypto', 'Crypto', 'SubtleCrypto', 'CryptoKey'],
	    ['crypto']);
	P.lazy('absent', typeof P.nativeSharedArrayBuffer === 'function' ?
	    ['CompressionStream', 'DecompressionStream', 'caches'] :
	    ['CompressionStream', 'DecompressionStream', 'SharedArrayBuffer',
	    'caches'], []);

	/* --- the host's side of fetch ------------------------------------------ */
	P.outboundHook = null;
	P.def(cm, 'setOutbound', function setOutbound(fn) {
		P.outboundHook = typeof fn === 'function' ? fn : null;
	});
	P.def(cm, 'requestFromMessage', function requestFromMessage(m) {
		P.need.fetch();
		return P.requestFromMessage(m);
	});
	P.def(cm, 'responseToMessage', function responseToMessage(r) {
		P.need.fetch();
		return P.responseToMessage(r);
	});

	/* --- declared absences on ArrayBuffer.prototype (80_absent.js) ---------- */
	P.absent = function absent(text) {
		P.need.encoding();
		return new P.DOMException(text, 'NotSupportedError');
	};
	P.growth = function growth(proto, method, name) {
		var f = function () {
			throw P.absent(P.fill('BUFFER_GROWTH_ABSENT', { name: name }));
		};
		P.setName(f, method);
		P.setLength(f, 1);
		P.def(proto, method, f);
	};
	P.growth(ArrayBuffer.prototype, 'resize', 'ArrayBuffer.prototype.resize');
	P.getter(ArrayBuffer.prototype, 'resizable', function () {
		return false;
	});
	P.getter(ArrayBuffer.prototype, 'maxByteLength', function () {
		return this.byteLength;
	});
})(this);

// @node
var names = ['URL', 'URLSearchParams', 'Headers', 'Request', 'Response', 'fetch', 'AbortController', 'AbortSignal',
  'DOMException', 'Event', 'EventTarget', 'CustomEvent', 'TextEncoder', 'TextDecoder', 'atob', 'btoa', 'crypto', 'performance', 'console'];
var out = [];
for (var i = 0; i < names.length; i++) out.push(names[i] + ':' + typeof globalThis[names[i]]);
print(out.join(' '));
print(Object.keys(globalThis).filter(function (k) { return names.indexOf(k) >= 0; }).length);
print(atob.length, btoa.length, fetch.length, URL.length, Headers.length, Request.length, Response.length, Event.length, EventTarget.length, TextDecoder.length);

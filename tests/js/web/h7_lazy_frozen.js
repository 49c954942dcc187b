// The global object frozen before any web global was used: they still work,
// and keep the attributes an eager definition would have had.
(function () {
	Object.freeze(globalThis);
	print(typeof URL, typeof URLSearchParams, new URL('http://a.example/b?c=1').searchParams.get('c'));
	URL = 1;
	print(typeof URL);
	var d = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
	print(typeof d.value, d.writable, d.enumerable, d.configurable);
	console.log('console', typeof console.log);
	print(btoa('hi'), atob('aGk='));
})();

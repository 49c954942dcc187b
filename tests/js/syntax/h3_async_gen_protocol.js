// Async generators: the request queue, return/throw in every state,
// `return v` awaiting at the return site, yield* over async and sync
// iterators, and the order of promise jobs (compared with node 20, except
// that a sync iterator whose yielded promise rejects is closed: ES2025's
// AsyncFromSyncIteratorContinue, which node 20 predates).
var log = [];
function tick(n) {
	var p = Promise.resolve();
	for (var i = 1; i <= n; i++)
		(function (i) { p = p.then(function () { log.push('tick ' + i); }); })(i);
	return p;
}
function rec(label, p) {
	return p.then(function (r) { log.push(label + ' ' + JSON.stringify(r)); },
	    function (e) { log.push(label + ' rejected ' + (e instanceof TypeError ? 'TypeError' : e && e.message !== undefined ? e.message : e)); });
}
async function* ag() {
	log.push('start');
	var x = yield 1;
	log.push('got ' + x);
	try { yield Promise.resolve(2); } finally { log.push('finally'); }
	return 3;
}
async function run(name, f) {
	log = [];
	await f();
	await tick(6);
	console.log(name + ': ' + log.join(', '));
}
async function main() {
	await run('queue', function () {
		var g = ag();
		return Promise.all([rec('a', g.next('x')), rec('b', g.next('y')), rec('c', g.next()), rec('d', g.next()), tick(4)]);
	});
	await run('return at start', function () {
		var g = ag();
		return Promise.all([rec('r', g.return(Promise.resolve('rv'))), rec('n', g.next())]);
	});
	await run('return rejected at start', function () {
		var g = ag();
		return Promise.all([rec('r', g.return(Promise.reject(new Error('no')))), rec('n', g.next())]);
	});
	await run('throw at start', function () {
		var g = ag();
		return Promise.all([rec('t', g.throw(new Error('T'))), rec('n', g.next())]);
	});
	await run('return while suspended', function () {
		var g = ag();
		return Promise.all([rec('a', g.next()), rec('b', g.next()), rec('r', g.return('R')), rec('n', g.next())]);
	});
	await run('throw while suspended', function () {
		var g = ag();
		return Promise.all([rec('a', g.next()), rec('t', g.throw(new Error('E'))), rec('n', g.next())]);
	});
	await run('implicit and explicit return', function () {
		async function* g1() {}
		async function* g2() { return; }
		async function* g3() { return undefined; }
		async function* g4() { return Promise.resolve('p'); }
		return Promise.all([rec('g1', g1().next()), rec('g2', g2().next()), rec('g3', g3().next()), rec('g4', g4().next()), tick(3)]);
	});
	await run('return caught in body', function () {
		async function* g() { try { return Promise.reject(new Error('inner')); } catch (e) { yield 'caught ' + e.message; } }
		var it = g();
		return Promise.all([rec('a', it.next()), rec('b', it.next())]);
	});
	await run('yield* async', function () {
		var inner = {
			[Symbol.asyncIterator]: function () { return this; },
			n: 0,
			next: function (v) { log.push('inner next ' + v); this.n++; return Promise.resolve({ value: this.n, done: this.n > 2 }); },
			return: function (v) { log.push('inner return ' + v); return { value: 'r' + v, done: true }; }
		};
		async function* g() { var r = yield* inner; log.push('r ' + r); return r; }
		var it = g();
		return Promise.all([rec('a', it.next('x')), rec('b', it.next('y')), rec('c', it.next('z'))]);
	});
	await run('yield* async return', function () {
		var inner = {
			[Symbol.asyncIterator]: function () { return this; },
			next: function () { return { value: 1, done: false }; },
			return: function (v) { log.push('inner return ' + v); return { value: 'r' + v, done: true }; }
		};
		async function* g() { try { yield* inner; } finally { log.push('fin'); } }
		var it = g();
		return Promise.all([rec('a', it.next()), rec('r', it.return(Promise.resolve('v')))]);
	});
	await run('yield* sync with promises', function () {
		async function* g() { yield* [Promise.resolve('p1'), 'v2']; }
		var it = g();
		return Promise.all([rec('a', it.next()), rec('b', it.next()), rec('c', it.next())]);
	});
	await run('yield* sync rejected value', function () {
		var closed = false;
		var sync = { [Symbol.iterator]: function () { return { next: function () { return { value: Promise.reject(new Error('rej')), done: false }; }, return: function () { closed = true; return {}; } }; } };
		async function* g() { try { yield* sync; } catch (e) { log.push('caught ' + e.message + ' closed ' + closed); } }
		var it = g();
		return rec('a', it.next());
	});
	await run('yield* value getter throws', function () {
		var inner = {
			[Symbol.asyncIterator]: function () { return this; },
			next: function () { return { get value() { throw new Error('value'); }, done: false }; },
			throw: function () { log.push('throw called'); return { done: true }; }
		};
		async function* g() { try { yield* inner; } catch (e) { log.push('caught ' + e.message); } }
		return rec('a', g().next());
	});
	await run('yield* next not callable', function () {
		async function* g() { yield* { [Symbol.asyncIterator]: function () { return { next: 3 }; } }; }
		return rec('a', g().next());
	});
	await run('yield* throw missing', function () {
		var inner = {
			[Symbol.asyncIterator]: function () { return this; },
			next: function () { return { value: 1, done: false }; },
			return: function () { log.push('closing'); return {}; }
		};
		async function* g() { yield* inner; }
		var it = g();
		return Promise.all([rec('a', it.next()), rec('t', it.throw(new Error('T')))]);
	});
	await run('for await over sync', function () {
		async function f() {
			for await (var v of [1, Promise.resolve(2), 3])
				log.push('v ' + v);
		}
		return Promise.all([f(), tick(3)]);
	});
	await run('for await rejection', function () {
		var closed = false;
		var sync = { [Symbol.iterator]: function () { var i = 0; return { next: function () { i++; return { value: i === 2 ? Promise.reject(new Error('bad')) : i, done: i > 3 }; }, return: function () { closed = true; return {}; } }; } };
		async function f() {
			try { for await (var v of sync) log.push('v ' + v); } catch (e) { log.push('caught ' + e.message + ' closed ' + closed); }
		}
		return f();
	});
	await run('for await break closes', function () {
		async function* g() { try { yield 1; yield 2; } finally { log.push('g finally'); } }
		async function f() { for await (var v of g()) { log.push('v ' + v); break; } log.push('after'); }
		return f();
	});
	await run('for await close costs one tick', function () {
		var it = { [Symbol.asyncIterator]() { return this; }, next() { return { value: 1, done: false }; }, return() { log.push('return'); return {}; } };
		async function f() { for await (var x of it) break; log.push('after'); }
		return Promise.all([f(), tick(3)]);
	});
	await run('sync value with a throwing constructor', function () {
		var p = Promise.resolve(0);
		Object.defineProperty(p, 'constructor', { get: function () { throw new Error('ctor'); } });
		async function f() { try { for await (var x of [p]) log.push('body'); } catch (e) { log.push('caught ' + e.message); } }
		return Promise.all([f(), tick(3)]);
	});
	await run('bad receiver', function () {
		return rec('a', ag.prototype.next.call({}));
	});
	await run('param error at call', function () {
		async function* g(a = null.x) {}
		try { g(); log.push('no throw'); } catch (e) { log.push('sync ' + e.constructor.name); }
	});
}
main();

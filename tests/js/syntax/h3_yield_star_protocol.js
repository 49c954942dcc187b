// yield* forwards next/throw/return to the delegate as the spec says;
// return()/throw() on not-started and finished generators; finally blocks.
var log = [];
function delegate(opts) {
	var n = 0;
	var it = {
		get next() { log.push('get next'); return function (v) { log.push('next ' + v); n++; return { value: n, done: n > 2 }; }; }
	};
	if (opts.throw !== undefined)
		Object.defineProperty(it, 'throw', { get: function () { log.push('get throw'); return opts.throw; } });
	if (opts.return !== undefined)
		Object.defineProperty(it, 'return', { get: function () { log.push('get return'); return opts.return; } });
	return { [Symbol.iterator]: function () { log.push('get iter'); return it; } };
}
function show(label, f) {
	log = [];
	try { log.push('=> ' + JSON.stringify(f())); } catch (e) { log.push('!! ' + e.constructor.name); }
	console.log(label + ': ' + log.join(', '));
}
function* outer(d) { try { var r = yield* d; log.push('result ' + r); return 'end'; } finally { log.push('finally'); } }

show('next', function () { var g = outer(delegate({})); return [g.next('a'), g.next('b'), g.next('c'), g.next('d')]; });
show('throw without throw()', function () {
	var g = outer(delegate({ return: function () { log.push('return called'); return {}; } }));
	g.next(); return g.throw(new Error('x'));
});
show('throw forwarded', function () {
	var g = outer(delegate({ throw: function (e) { log.push('throw ' + e); return { value: 't', done: false }; } }));
	g.next(); return [g.throw('boom'), g.next()];
});
show('throw done', function () {
	var g = outer(delegate({ throw: function (e) { return { value: 'tv', done: true }; } }));
	g.next(); return g.throw('boom');
});
show('throw not callable', function () {
	var g = outer(delegate({ throw: 5 }));
	g.next(); return g.throw('boom');
});
show('return without return()', function () {
	var g = outer(delegate({})); g.next(); return [g.return('rv'), g.next()];
});
show('return forwarded, not done', function () {
	var g = outer(delegate({ return: function (v) { log.push('return ' + v); return { value: 'still', done: false }; } }));
	g.next(); return [g.return('rv'), g.next()];
});
show('return forwarded, done', function () {
	var g = outer(delegate({ return: function (v) { return { value: 'closed ' + v, done: true }; } }));
	g.next(); return g.return('rv');
});
show('return result not an object', function () {
	var g = outer(delegate({ return: function () { return 3; } }));
	g.next(); return g.return('rv');
});
show('next result not an object', function () {
	var g = outer({ [Symbol.iterator]: function () { return { next: function () { return null; } }; } });
	return g.next();
});
show('next not callable', function () {
	var g = outer({ [Symbol.iterator]: function () { return { next: 1 }; } });
	return g.next();
});
show('iterator not an object', function () {
	var g = outer({ [Symbol.iterator]: function () { return 1; } });
	return g.next();
});
show('result passed through', function () {
	var res = { value: 1, done: false, extra: true };
	var g = outer({ [Symbol.iterator]: function () { return { next: function () { return res; } }; } });
	return g.next() === res;
});

// return() and throw() before the start and after the end
function* simple() { log.push('body'); try { yield 1; yield 2; } finally { log.push('cleanup'); } }
show('return at start', function () { var g = simple(); return [g.return(9), g.next()]; });
show('throw at start', function () { var g = simple(); try { g.throw(new TypeError()); } catch (e) { log.push('caught'); } return g.next(); });
show('return after end', function () { var g = simple(); g.next(); g.next(); g.next(); return g.return(4); });
show('throw after end', function () { var g = simple(); g.next(); g.next(); g.next(); return g.throw(new RangeError()); });
show('return in yield', function () { var g = simple(); g.next(); return [g.return(5), g.next()]; });
function* yieldInFinally() { try { yield 1; } finally { yield 'f'; log.push('after f'); } }
show('yield in finally', function () { var g = yieldInFinally(); g.next(); return [g.return(7), g.next(), g.next()]; });
function* returnInFinally() { try { yield 1; } finally { return 'override'; } }
show('return in finally', function () { var g = returnInFinally(); g.next(); return g.return(7); });
function* catchAll() { try { yield 1; } catch (e) { log.push('caught ' + e); } yield 2; }
show('return skips catch', function () { var g = catchAll(); g.next(); return g.return(3); });
show('throw into catch', function () { var g = catchAll(); g.next(); return g.throw('E'); });
// running generator
function* reenter() { try { it2.next(); } catch (e) { yield e.constructor.name; } }
var it2 = reenter();
show('re-entry', function () { return it2.next(); });
// receivers
show('bad receiver', function () { return simple.prototype.next.call({}); });
show('arguments at call', function () { function* a(x, y = x * 2) { yield [x, y, arguments.length]; } return a(3).next(); });
show('param error at call', function () { function* a(x = null.y) { log.push('body'); } a(); return 'not reached'; });

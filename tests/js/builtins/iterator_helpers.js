// Iterator helpers (ES2025): laziness, closing, argument validation.
var log = [];
function counter(n) {
	var i = 0;
	return {
		__proto__: Iterator.prototype,
		next: function () {
			log.push('next');
			return i < n ? { value: i++, done: false } : { value: undefined, done: true };
		},
		return: function () { log.push('return'); return {}; }
	};
}
print(typeof Iterator, Iterator.prototype === Object.getPrototypeOf(Object.getPrototypeOf([].values())));
var m = counter(5).map(function (x, i) { return x * 10 + i; });
print(log.length, JSON.stringify(m.next()), log.join());
log = [];
print(counter(5).filter(function (x) { return x % 2; }).toArray().join());
print(counter(10).drop(2).take(3).toArray().join(), log.filter(function (s) { return s === 'return'; }).length);
log = [];
var t = counter(5).take(1); t.next(); t.next();
print(log.join());
log = [];
print(counter(3).flatMap(function (x) { return [x, 'x' + x]; }).toArray().join());
print(counter(4).reduce(function (a, b) { return a + b; }), counter(4).reduce(function (a, b) { return a + b; }, 100));
try { counter(0).reduce(function () {}); } catch (e) { print(e instanceof TypeError); }
log = [];
print(counter(5).some(function (x) { return x === 1; }), log.join());
print(counter(5).every(function (x) { return x < 3; }), counter(5).find(function (x) { return x > 2; }));
var seen = []; counter(3).forEach(function (v, i) { seen.push(v + ':' + i); }); print(seen.join());
log = [];
try { counter(3).map(5); } catch (e) { print(e instanceof TypeError, log.join()); }
log = [];
try { counter(3).take(-1); } catch (e) { print(e instanceof RangeError, log.join()); }
try { counter(3).take(NaN); } catch (e) { print(e instanceof RangeError); }
var h = counter(3).map(function (x) { return x; });
log = [];
print(JSON.stringify(h.return()), log.join(), JSON.stringify(h.next()));
var h2 = counter(3).map(function (x) { return x; }); h2.next(); log = [];
print(JSON.stringify(h2.return()), log.join());
var running = counter(3).map(function () { return running.next(); });
try { running.next(); } catch (e) { print(e instanceof TypeError); }
print(Object.prototype.toString.call(m), String(Iterator.prototype[Symbol.toStringTag]));
var wrapped = Iterator.from({ next: function () { return { value: 1, done: false }; } });
print(wrapped instanceof Iterator, wrapped.take(3).toArray().join());
print(Iterator.from('ab').toArray().join(), Iterator.from([1, 2].values()).toArray().join());
try { new Iterator(); } catch (e) { print(e instanceof TypeError); }
class MyIter extends Iterator { next() { return { value: 7, done: false }; } }
print(new MyIter().take(2).toArray().join());
print(Iterator.prototype.map.length, Iterator.prototype.reduce.length, Iterator.prototype.map.name);
function* g() { yield 1; yield 2; yield 3; }
print(g().map(function (x) { return x * x; }).toArray().join(), new Set([1, 2]).values().map(String).toArray().join('|'));
print(new Map([[1, 'a']]).entries().map(function (e) { return e[1]; }).toArray().join());

// @node @modern

function* naturals() { let n = 0; while (true) yield n++; }
function* take(it, k) { for (const v of it) { if (k-- <= 0) return; yield v; } }
function* map(it, f) { for (const v of it) yield f(v); }
function* filter(it, p) { for (const v of it) if (p(v)) yield v; }
print([...take(filter(map(naturals(), x => x * x), x => x % 2), 5)].join());
function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
print([...take(fib(), 15)].join());

// Where ours differs from node 20 on a next that is no function (iter_next_once.js has the rest): a call whose only spread is its last argument, `f(...o)`, is in V8 `f is not a function` (it names the callee whatever the callee is); the spread helper is not told the callee, so ours describes next's value as everywhere else.
const o = { [Symbol.iterator]() { return { next: 5 } } };
try { Math.max(...o) } catch (e) { console.log(e.constructor.name + ': ' + e.message) }

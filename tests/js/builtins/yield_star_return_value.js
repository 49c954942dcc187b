// @node @modern

function* inner() { yield 1; return 'inner result'; }
function* outer() { const r = yield* inner(); yield r; const r2 = yield* [9]; yield String(r2); }
print([...outer()].join('|'));
async function* ainner() { yield 'a'; return 'async inner result'; }
async function* aouter() { const r = yield* ainner(); yield r; }
(async () => { const out = []; for await (const v of aouter()) out.push(v); print(out.join('|')); })();

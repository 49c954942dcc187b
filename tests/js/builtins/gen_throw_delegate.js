// @node @modern

const log = [];
function* inner() { try { yield 1; } catch (e) { log.push('inner caught ' + e); yield 'after catch'; } finally { log.push('inner finally'); } }
function* outer() { try { yield* inner(); } finally { log.push('outer finally'); } }
const it = outer();
log.push(JSON.stringify(it.next()));
log.push(JSON.stringify(it.throw('E')));
log.push(JSON.stringify(it.next()));
const it2 = outer(); it2.next(); log.push(JSON.stringify(it2.return('R')));
print(log.join('\n'));

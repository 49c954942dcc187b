// @node @modern

const log = [];
function* g() { try { try { yield 1; } finally { log.push('inner finally'); } } finally { log.push('outer finally'); } }
const it = g(); it.next(); log.push(JSON.stringify(it.return(5)));
function* h() { try { yield 1; } catch (e) { log.push('should not catch return'); } finally { log.push('h finally'); } }
const it2 = h(); it2.next(); log.push(JSON.stringify(it2.return(6)));
function* k() { try { yield 1; } finally { try { throw new Error('in finally'); } catch (e) { log.push('caught inside finally: ' + e.message); } } }
const it3 = k(); it3.next(); log.push(JSON.stringify(it3.return(7)));
print(log.join('\n'));

// spec: preventDefault inside a passive listener is ignored (node 20 does not ignore it)
var t = new EventTarget(), log = [];
var p = new Event('p', { cancelable: true });
t.addEventListener('p', function (e) { e.preventDefault(); log.push(e.defaultPrevented); }, { passive: true });
print(t.dispatchEvent(p), log.join(','));
var q = new Event('q', { cancelable: true });
t.addEventListener('q', function (e) { e.preventDefault(); log.push(e.defaultPrevented); });
print(t.dispatchEvent(q), log.join(','));
var n = new Event('n');
t.addEventListener('n', function (e) { e.preventDefault(); });
print(t.dispatchEvent(n), n.defaultPrevented, Event.prototype.BUBBLING_PHASE);
t.addEventListener('d', function (e) { try { t.dispatchEvent(e); } catch (x) { print(x.name); } });
t.dispatchEvent(new Event('d'));

// a throwing listener does not stop dispatch; the error is reported as a console error line
__cm.setConsoleSink(null);
var t = new EventTarget(), log = [];
t.addEventListener('x', function () { throw new Error('first fails'); });
t.addEventListener('x', function () { log.push('second runs'); });
print(t.dispatchEvent(new Event('x')), log.join(','));
print(JSON.stringify(__cm.takeLogs()));
t.addEventListener('y', { handleEvent: 5 });
t.dispatchEvent(new Event('y'));
print(__cm.takeLogs().length);
try { t.addEventListener('z', 5); } catch (e) { print(e.name); }
t.addEventListener('z', null);
print(t.dispatchEvent(new Event('z')));

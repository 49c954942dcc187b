// @node
var e = new Event('ping', { cancelable: true, bubbles: true });
print(e.type, e.bubbles, e.cancelable, e.composed, e.defaultPrevented, e.eventPhase, e.target, e.isTrusted);
print(Object.prototype.toString.call(e), Event.AT_TARGET, Event.BUBBLING_PHASE, Event.NONE);
var t = new EventTarget();
var log = [];
function a(ev) { log.push('a:' + ev.type + ':' + (this === t) + ':' + (ev.target === t) + ':' + ev.eventPhase); }
var obj = { handleEvent: function (ev) { log.push('obj'); } };
t.addEventListener('ping', a);
t.addEventListener('ping', a);
t.addEventListener('ping', obj);
t.addEventListener('ping', function (ev) { ev.preventDefault(); log.push('c'); });
print(t.dispatchEvent(e), e.defaultPrevented, e.eventPhase, e.currentTarget);
print(log.join(' '));
log = [];
t.removeEventListener('ping', a);
print(t.dispatchEvent(new Event('ping')), log.join(' '));
try { t.dispatchEvent({ type: 'x' }); } catch (x) { print(x.name); }
try { new Event(); } catch (x) { print(x.name); }
print(new Event('x').defaultPrevented, typeof new Event('x').timeStamp);

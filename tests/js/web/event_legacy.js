// DOM legacy attributes per the spec (node 20 ignores returnValue = false)
'use strict';
var e = new Event('x', { cancelable: true });
e.returnValue = false;
print(e.defaultPrevented, e.returnValue);
var t = new EventTarget(), log = [];
t.addEventListener('y', function (ev) { ev.cancelBubble = true; log.push(ev.cancelBubble); });
t.dispatchEvent(new Event('y'));
print(log.join(), new Event('z').cancelBubble);
var n = new Event('n'); n.returnValue = false; print(n.defaultPrevented);
print(typeof e.composedPath(), e.composedPath().length, e.srcElement);

// @node @modern

try { setTimeout('code string', 1); } catch (e) { print('string callback', e.constructor.name); }
try { setInterval(null, 1); } catch (e) { print('null callback', e.constructor.name); }
clearTimeout(); clearInterval('x'); clearTimeout({});
print('clear with junk ok');
setTimeout(function () { print('timer this', this === undefined || this === globalThis || typeof this === 'object'); }, 1);

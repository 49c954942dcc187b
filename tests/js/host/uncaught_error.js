// An uncaught error prints "Name: message" on one line and exits 1.
print('before');
function f() { throw new TypeError('boom'); }
f();
print('not reached');

// A script that finishes normally exits 0, whatever it computed.
var x = 0;
for (var i = 0; i < 1000; i++) x += i;
print(x);

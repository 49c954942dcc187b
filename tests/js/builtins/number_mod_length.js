// % on numbers (cm_mod_int in engine/host/duk_call.inc: integers within 2^53
// by 64-bit remainder, the rest by fmod) and an array's length read
// (cm_alen); -0 printed as such.
var r = [];
var vals = [7, -7, 0, -0, 2, -2, 4, -4, 1.5, -1.5, NaN, Infinity, -Infinity, 2147483647, -2147483648, 9007199254740992, -9007199254740992, 9007199254740993, 1e300, 5e-324, 3, -3];
for (var i = 0; i < vals.length; i++) for (var j = 0; j < vals.length; j++) {
  var v = vals[i] % vals[j];
  r.push(Object.is(v, -0) ? '-0' : String(v));
}
print(r.join(' '));
var a = [1, 2, 3]; print(a.length, [].length, new Array(5).length, Object.create(a).length);
var grow = []; for (var k = 0; k < 70; k++) grow[k * 2] = k; print(grow.length, grow.slice(-1).length);
var p = new Proxy([1, 2], {}); print(p.length, Array.prototype.length, Object.getOwnPropertyDescriptor([1], 'length').value);

// @node
print(btoa('hello'), btoa(''), btoa('a'), btoa('ab'), btoa('\xff\xfe\x00'));
print(atob('aGVsbG8='), atob('aGVsbG8'), JSON.stringify(atob('')), atob(' aG Vs\nbG8= '));
print(btoa(null), btoa(undefined), btoa(12));
print(atob('YQ=='), atob('YWI='), atob('YQ'));
var bad = ['a', 'YQ===', 'Y=Q=', '*abc', 'YQ=', 'ab=c'];
for (var i = 0; i < bad.length; i++) {
  try { print('ok', JSON.stringify(atob(bad[i]))); }
  catch (e) { print(bad[i], e instanceof DOMException, e.name, e.code, e.message); }
}
try { btoa('€'); } catch (e) { print(e instanceof DOMException, e.name, e.code, e.message); }
var all = ''; for (i = 0; i < 256; i++) all += String.fromCharCode(i);
print(atob(btoa(all)) === all, btoa(all).length);
try { atob(); } catch (e) { print(e.name); }

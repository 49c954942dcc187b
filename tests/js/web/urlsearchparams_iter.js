// @node
var p = new URLSearchParams('b=2&a=1&c=3');
var it = p.entries();
print(JSON.stringify(it.next()));
p.delete('b');
print(JSON.stringify(it.next()), JSON.stringify(it.next()));
print(JSON.stringify(Array.from(p)), JSON.stringify(Array.from(p.values())));
print(Object.prototype.toString.call(p.keys()).indexOf('Iterator') > 0);
var s = new URLSearchParams('c=1&b=2&a=3&b=1'); s.sort(); print(Array.from(s.keys()).join(''), s.toString());
print(new URLSearchParams({ toString: 1 }).toString());

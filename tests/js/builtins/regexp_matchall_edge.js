// @node @modern

print([...'aaa'.matchAll(/a*?/g)].length, [...'abc'.matchAll(/(?:)/g)].map(m => m.index).join());
const re = /(\d)/g; re.lastIndex = 2;
print([...'1 2 3'.matchAll(re)].map(m => m[1]).join(), re.lastIndex);
print([...'x'.matchAll('x')].length, Object.prototype.toString.call('a'.matchAll(/a/g)));
try { [...'a'.matchAll(/a/)]; } catch (e) { print(e.constructor.name); }
const named = [...'k=v;a=b'.matchAll(/(?<k>\w)=(?<v>\w)/g)].map(m => m.groups.k + m.groups.v); print(named.join());

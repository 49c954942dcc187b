// @node
var p = new URLSearchParams();
p.append('a b', 'c&d=e');
p.append('ü', '€\ud83d\ude00'.slice(0, 1));
p.append('x', '+%/?#[]@!$\'()*,;:~');
print(p.toString());
var q = new URLSearchParams(p.toString());
print(q.get('a b'), q.get('ü'), q.get('x'));
print(new URLSearchParams('a=%zz&b=%41%').toString(), new URLSearchParams('a=%zz&b=%41%').get('b'));
print(new URLSearchParams('=v&k=&&=').toString(), new URLSearchParams('=v&k=&&=').size);
print(new URLSearchParams('a=1&&b=2&').toString());
print(new URLSearchParams('a+b=c+d').get('a b'));

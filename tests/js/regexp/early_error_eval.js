// eval and Function report invalid literals when they parse their code;
// RegExp() reports its pattern when called.
for (const src of ['/(/', '/a{2,1}/', '/[b-a]/', '/\\p{L}/u', '/(?<a>x)(?<a>y)/', '/x/uv', '/\\u{110000}/u'])
	try { eval(src); print(src, 'ok'); } catch (e) { print(src, e.name, e.message); }
try { Function('return /+/'); } catch (e) { print(e.name, e.message); }
try { new RegExp('a**'); } catch (e) { print(e.name, e.message); }
print(/\p{L}/.source, /{/.test('{'), /]/.test(']'), /a{,2}/.test('a{,2}'));

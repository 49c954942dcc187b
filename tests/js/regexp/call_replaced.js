// RegExp and String methods follow the spec's Call, not a lookup of
// Function.prototype.call/apply or Array.prototype.push, so a script that
// replaces those still gets the spec's answers.
Function.prototype.call = function () { return 'forged'; };
Function.prototype.apply = function () { return 'forged'; };
Array.prototype.push = function () { return 0; };
print('a-b-c'.split(/-/).length, 'a1b2'.replace(/\d/g, (d) => '<' + d + '>'));
print(/(?<y>\d{4})/.exec('in 2024').groups.y, 'x.y'.replace(/\./, '$`$\''));
const it = 'a1b22'.matchAll(/\d+/g);
let n = 0;
while (!it.next().done) n++;
print(n, /b/.test('abc'));

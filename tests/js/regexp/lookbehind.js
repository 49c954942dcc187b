// Lookbehind, positive and negative, as models write it.
const text = 'Hello there. How are you? Fine! ok';
print(JSON.stringify(text.split(/(?<=[.!?])\s+/)));
print(JSON.stringify('cost: $42, $7 and 13'.match(/(?<=\$)\d+/g)));
print(JSON.stringify('mail a@b.c and @joe, @ann!'.match(/(?<![\w@])@\w+/g)));
// captures inside a lookbehind are matched right to left
print(JSON.stringify(/(?<=(\d+)(\d+))$/.exec('1053')));
print(JSON.stringify(/(?<=\1(a))b/.exec('aab')));
print(JSON.stringify('abcdef'.replace(/(?<=c)/, '|')));
print(/(?<!a)b/.test('ab'), /(?<!a)b/.test('cb'));

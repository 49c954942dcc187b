print('\u{1F600}'.length, '\u{1F600}', 'caf\u00e9');
console.log('a \u{1F4A9} b');
print('lone \uD83D end');

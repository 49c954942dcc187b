const a = 1, b = "two";
console.log(`a=${a} b=${b} sum=${a + 2}`);
console.log(`multi
line`);
console.log(`${a}${b}`, `plain`, `\u0041\x42\n`.length);
console.log(`obj ${{ toString() { return "T"; } }} ${null} ${undefined} ${[1, 2]}`);

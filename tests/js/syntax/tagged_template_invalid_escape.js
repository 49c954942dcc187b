function tag(s) { return [s[0] === undefined, s.raw[0], s.length].join("|"); }
console.log(tag`\unicode`);
console.log(tag`\x`, tag`ok\n`);

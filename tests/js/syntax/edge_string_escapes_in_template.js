const t = `back\`tick \${not} \\ "q" 'q'`;
console.log(t, `\u{48}i`, `\x41`, `a
b`.length);

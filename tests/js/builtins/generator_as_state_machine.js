// @node @modern

function* traffic() { while (true) { yield 'green'; yield 'yellow'; yield 'red'; } }
const t = traffic(); const seq = []; for (let i = 0; i < 7; i++) seq.push(t.next().value); print(seq.join());
function* tokenizer(s) { let i = 0; while (i < s.length) { if (/\d/.test(s[i])) { let j = i; while (j < s.length && /\d/.test(s[j])) j++; yield { t: 'num', v: s.slice(i, j) }; i = j; } else if (s[i] !== ' ') { yield { t: 'op', v: s[i++] }; } else i++; } }
print([...tokenizer('12 + 345*6')].map(x => x.t + ':' + x.v).join(' '));

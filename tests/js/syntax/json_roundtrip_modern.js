const data = { list: [1, 2, 3].map(n => ({ n, sq: n ** 2 })), tag: `t${1 + 1}` };
const s = JSON.stringify(data);
const { list: [, second], tag } = JSON.parse(s);
console.log(s, second.sq, tag);

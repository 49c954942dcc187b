// @node @modern

let n = 0;
const id = setInterval(() => { n++; if (n === 3) { clearInterval(id); setTimeout(() => print('interval ran', n), 50); } }, 10);
const t = setTimeout(() => print('never'), 20);
clearTimeout(t);
setTimeout((a, b, c) => print('args', a, b, c), 1, 1, 'two', [3]);
setTimeout(() => print('string delay'), '5');
setTimeout(() => print('negative delay'), -100);

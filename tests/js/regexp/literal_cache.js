// More distinct literals than the literal cache keeps (rxhost.c starts it
// over): each one still works, and so do the ones seen before.
let n = 0;
for (let i = 0; i < 600; i++) {
	const re = eval('/x' + i + '$/');
	if (re.test('ax' + i) && !re.test('x' + i + 'y')) n++;
}
print(n, /a/.test('a'), eval('/x5$/').source);
const g = Object.getOwnPropertyDescriptor(RegExp.prototype, 'global').get;
print(g.name, g.length, JSON.stringify(Object.getOwnPropertyDescriptor(g, 'length')));

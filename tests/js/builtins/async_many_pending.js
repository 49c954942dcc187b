// @node @modern

const resolvers = [];
const ps = [];
for (let i = 0; i < 3000; i++) ps.push((async () => (await new Promise(r => resolvers.push(r))) * 2)());
print('pending', resolvers.length);
resolvers.forEach((r, i) => r(i));
Promise.all(ps).then(v => print('sum', v.reduce((a, b) => a + b, 0)));

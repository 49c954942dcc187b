// @node @modern

const log = [];
async function* g() { for (let i = 0; i < 3; i++) { await new Promise(r => setTimeout(r, 5)); yield i; } }
const it = g();
Promise.all([it.next(), it.next(), it.next(), it.next()]).then(rs => { print(rs.map(r => r.done ? 'done' : r.value).join(',')); });

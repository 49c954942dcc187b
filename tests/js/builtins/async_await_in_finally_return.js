// @node @modern

async function f() {
  try { return 'try'; } finally { await null; print('finally ran before resolution'); }
}
async function g() {
  try { throw new Error('t'); } catch (e) { await null; return 'caught ' + e.message; } finally { await null; print('g finally'); }
}
async function h() {
  for (let i = 0; i < 3; i++) { try { if (i === 1) break; } finally { await null; print('h finally', i); } }
  return 'h done';
}
f().then(v => print(v)).then(() => g()).then(v => print(v)).then(() => h()).then(v => print(v));

// @node @modern

new Promise((res, rej) => { res('first'); res('second'); rej('third'); throw new Error('ignored'); }).then(v => print('v', v), e => print('e', e));
new Promise((res, rej) => { rej('r1'); res('r2'); }).then(v => print('v', v), e => print('e', e));
new Promise(() => { throw new Error('exec throw'); }).catch(e => print('caught', e.message));
let captured;
new Promise((res) => { captured = res; });
print(typeof captured, captured.length, captured.name);

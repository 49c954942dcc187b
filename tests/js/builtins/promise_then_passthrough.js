// @node @modern

Promise.resolve(1).then(null).then(undefined, null).then(v => print('passthrough', v));
Promise.reject(2).then(v => print('no')).then(null, e => print('rej passthrough', e));
Promise.resolve(3).then(5, 6).then(v => print('non-fn ignored', v));
Promise.resolve(4).then(v => v + 1).then(v => { print('chain', v); return Promise.resolve(v * 2); }).then(v => print('adopted', v));

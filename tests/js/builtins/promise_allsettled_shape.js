// @node @modern

Promise.allSettled([Promise.resolve(1), Promise.reject('no'), 3]).then(r => {
  print(r.map(x => Object.keys(x).join('+')).join(' '));
  print(r[0].status, r[0].value, r[1].status, r[1].reason, r[2].value);
});
Promise.allSettled([]).then(r => print('empty', r.length));
Promise.allSettled(new Set([Promise.resolve('from set')])).then(r => print(r[0].value));

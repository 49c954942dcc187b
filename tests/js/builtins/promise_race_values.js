// @node @modern

Promise.race([1, Promise.resolve(2)]).then(v => print('race first plain value', v));
Promise.race([Promise.reject('r'), 1]).catch(v => print('race rejected first', v));
Promise.race(new Set([new Promise(() => {}), Promise.resolve('from set')])).then(v => print(v));
const never = Promise.race([]); setTimeout(() => print('race([]) stays pending'), 5);

// Where node 20 cannot be asked: Object.groupBy and Map.groupBy (node 21) and Headers (node 20's Headers loops on such an iterator until V8 aborts the process) check next()'s answer as every other iteration here does. (A for-of whose iterator's next is no function now fails in V8's words: iter_next_once.js.)
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
const answering = (v) => ({ [Symbol.iterator]() { return { next() { return v } } } });
const bad = answering('a string');
t('Object.groupBy', () => Object.groupBy(bad, (x) => x));
t('Map.groupBy', () => Map.groupBy(bad, (x) => x));
t('Headers', () => new Headers(bad));
t('Headers pair', () => new Headers([answering(3)]));
t('URLSearchParams pair undefined', () => new URLSearchParams([answering(undefined)]));
t('Iterator.from', () => Iterator.from({ next() { return 5 } }).toArray());
t('Iterator helper', () => Iterator.from(bad).map((x) => x).toArray());
t('Iterator drop', () => Iterator.from(bad).drop(Infinity).toArray());
t('Iterator next not callable', () => Iterator.from({ next: 5 }).toArray());
t('Array.fromAsync', () => Array.fromAsync(answering(7)).catch((e) => console.log('Array.fromAsync |', e.name + ': ' + e.message)));
let gets = 0;
const counted = { [Symbol.iterator]() { let i = 0; return { get next() { gets++; return () => ({ done: i >= 3, value: i++ }) } } } };
console.log(JSON.stringify(Object.groupBy(counted, (x) => x % 2)), 'next read', gets, 'time(s)');

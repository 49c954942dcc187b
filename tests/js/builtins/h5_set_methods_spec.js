// @modern
// ES2025 Set methods per spec: GetSetRecord order (size -> ToNumber ->
// has -> keys), `next` read once, `add` never called, live walks over this
// set, -0 from keys() normalised.  Expected output written by hand.

const log = [];
function setLike(values, size) {
  return {
    get size() { log.push('size'); return { valueOf() { log.push('valueOf'); return size; } }; },
    get has() { log.push('get has'); return v => { log.push('has ' + String(v)); return values.includes(v); }; },
    get keys() {
      log.push('get keys');
      return () => {
        log.push('keys()');
        let i = 0;
        return {
          get next() {
            log.push('get next');
            return () => { log.push('next'); return i < values.length ? { value: values[i++], done: false } : { value: undefined, done: true }; };
          }
        };
      };
    }
  };
}
function run(name, base, other) {
  log.length = 0;
  adds = 0;
  const r = base[name](other);
  const a = adds;
  print(name, r instanceof Set ? '[' + [...r].map(String).join() + ']' : r, '|', log.join(', '), '| add', a);
}

let adds = 0;
const origAdd = Set.prototype.add;
Set.prototype.add = function (v) { adds++; return origAdd.call(this, v); };

run('union', new Set([1, 2]), setLike([2, 3], 2));
run('intersection', new Set([1, 2, 3]), setLike([2, 3], 2));
run('intersection', new Set([1, 2]), setLike([2, 3], 5));
run('difference', new Set([1, 2, 3]), setLike([2], 5));
run('difference', new Set([1, 2, 3]), setLike([2], 1));
run('symmetricDifference', new Set([1, 2]), setLike([2, 3], 2));
run('isSubsetOf', new Set([1, 2]), setLike([1, 2, 3], 3));
run('isSubsetOf', new Set([1, 2, 3]), setLike([1], 1));
run('isSupersetOf', new Set([1, 2, 3]), setLike([1, 4, 2], 3));
run('isDisjointFrom', new Set([1, 2, 3]), setLike([5, 2], 2));
Set.prototype.add = origAdd;

// errors: NaN size, negative size, missing has
for (const bad of [{ size: undefined, has() {}, keys() {} }, { size: -1, has() {}, keys() {} }, { size: 1, keys() {} }, 7]) {
  try { new Set().union(bad); print('no throw'); } catch (e) { print(e.constructor.name); }
}

// -0 from keys() becomes +0
const z = new Set([1]).union({ size: 1, has() { return false; }, *keys() { yield -0; } });
print('-0', Object.is([...z][1], 0));

// live walk: an element deleted by has() before being visited is skipped
const base = new Set(['a', 'b', 'c']);
const r = base.isSubsetOf({ size: 3, has(v) { if (v === 'a') base.delete('c'); return v !== 'z'; }, keys() { throw new Error('keys'); } });
print('live', r, [...base].join());

// results are plain Sets even for subclasses
class MySet extends Set {}
const u = new MySet([1]).union(new Set([2]));
print('plain result', u.constructor === Set, [...u].join());

// isSupersetOf closes the iterator when it stops early
let closed = 0;
const early = new Set([1]).isSupersetOf({
  size: 1, has() { return true; },
  keys() { return { next() { return { value: 9, done: false }; }, return() { closed++; return {}; } }; }
});
print('early', early, 'closed', closed);

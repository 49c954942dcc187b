// @node @modern

const a = [3, 1, 2];
let calls = 0;
try { a.sort((x, y) => { if (++calls === 2) throw new Error('stop'); return x - y; }); } catch (e) { print('caught', e.message); }
print(a.length, a.slice().sort().join());
try { [1, 2].sort(null); } catch (e) { print(e.constructor.name); }
const frozen = Object.freeze([2, 1]);
try { frozen.sort(); print('no throw?', frozen.join()); } catch (e) { print(e.constructor.name); }

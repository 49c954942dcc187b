// The d flag: indices of the match, of each group and of named groups.
const m = /a(?<x>b)?(c)(d)?/d.exec('zzabc');
print(JSON.stringify(m.indices), JSON.stringify(m.indices.groups));
print(Object.getPrototypeOf(m.indices.groups) === null);
print(/x/.exec('x').indices, /x/d.hasIndices, /x/.hasIndices);
const u = /(?<e>😀)/du.exec('a😀b');
print(JSON.stringify(u.indices));
print(Object.keys(m).join());

// Named groups: groups object, \k, duplicates across alternatives, $<name>.
const m = /(?<year>\d{4})-(?<month>\d{2})/.exec('on 2024-05-17');
print(JSON.stringify(m.groups), Object.getPrototypeOf(m.groups) === null);
print(Object.keys(m).join());
print(/(?<a>x)\k<a>/.test('xx'), /(?<a>x)\k<a>/.test('xy'));
const d = /(?<v>a)|(?<v>b)/;
print(JSON.stringify(d.exec('b').groups), JSON.stringify(d.exec('a').groups));
print('2024-05-17'.replace(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/, '$<d>/$<m>/$<y>'));
print('x'.replace(/(?<n>x)/, '[$<nope>][$<n]'));
print(/(a)/.exec('a').groups);
const log = '2024-01-02T03:04:05Z ERROR [db] connection lost';
const p = /^(?<ts>\S+) (?<level>[A-Z]+) \[(?<src>\w+)\] (?<msg>.*)$/;
const g = log.match(p).groups;
print(g.ts, g.level, g.src, g.msg);
// names outside the BMP and written with escapes
print(/(?<$𐒤>a)/u.exec('bab').groups.$𐒤, /(?<\u{03C0}>a)/u.exec('a').groups.π);

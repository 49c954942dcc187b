// @node @modern
// Date.UTC with a year alone (ES2017: month 0), and the setters called with
// no argument (ToNumber(undefined) is NaN), as node 20 answers.
print(Date.UTC(1970), Date.UTC(2020), Date.UTC(), Date.UTC(2020, 1), Date.UTC(99), Date.UTC(NaN));
const base = Date.UTC(2016, 6, 1, 13, 4, 5, 6);
for (const m of ['setMilliseconds', 'setUTCMilliseconds', 'setSeconds', 'setUTCSeconds', 'setMinutes', 'setUTCMinutes',
  'setHours', 'setUTCHours', 'setDate', 'setUTCDate', 'setMonth', 'setUTCMonth', 'setFullYear', 'setUTCFullYear', 'setTime']) {
  const a = new Date(base), b = new Date(base), c = new Date(base);
  print(m, a[m](), a.getTime(), b[m](undefined), c[m](1), Date.prototype[m].length, Date.prototype[m].name);
}
const d = new Date(base);
print(d.setHours(1, 2, 3, 4), d.setUTCFullYear(2000, 1), d.setMonth(3, undefined));
for (const f of [Date.UTC, Date.prototype.setHours]) {
  try { new f(); print('constructed'); } catch (e) { print(e instanceof TypeError); }
}
print(Date.UTC.length, Date.UTC.name);

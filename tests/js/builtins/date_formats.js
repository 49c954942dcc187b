// @node @modern
// The texts of Date.prototype's to*String methods, as node 20 writes them
// in UTC: the spec's formats for toString, toDateString, toTimeString and
// toUTCString (years of any sign and width), en-US for the locale ones.
const ds = [Date.UTC(2016, 6, 1, 13, 4, 5, 6), Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2000, 0, 1, 0, 0, 0),
  Date.UTC(2024, 1, 29, 12, 0, 0), -62198755200000, Date.UTC(12345, 0, 1), Date.UTC(-12345, 5, 15, 6, 7, 8), 0, -1, 8.64e15].map((t) => new Date(t));
for (const d of ds)
  print([d.toString(), d.toDateString(), d.toTimeString(), d.toUTCString(), d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(), `${d}`, d + ''].join(' | '));
const bad = new Date(NaN);
print([bad.toString(), bad.toDateString(), bad.toTimeString(), bad.toUTCString(), bad.toLocaleString(), bad.toLocaleDateString(), bad.toLocaleTimeString(), `${bad}`].join(' | '));
print(Date.prototype.toGMTString === Date.prototype.toUTCString, Date.prototype.toString.name, Date.prototype.toUTCString.length);
print(Date.parse(ds[0].toString()) === Math.floor(ds[0].getTime() / 1000) * 1000, Date.parse(ds[0].toUTCString()) === Date.parse(ds[0].toString()));
for (const m of ['toString', 'toDateString', 'toTimeString', 'toUTCString', 'toLocaleString']) {
  try { Date.prototype[m].call({}); print(m, 'no error'); } catch (e) { print(m, e instanceof TypeError); }
}
// a guest's replaced getter is not what the texts read
const saved = Date.prototype.getFullYear;
Date.prototype.getFullYear = () => 1;
print(ds[0].toString());
Date.prototype.getFullYear = saved;

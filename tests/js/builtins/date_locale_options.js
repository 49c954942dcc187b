// @node @modern
// Intl.DateTimeFormat and Date.prototype.toLocale*String with options (UTC), against node 20.
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 45));
const d2 = new Date(Date.UTC(1999, 11, 31, 0, 30, 0));
const C = [
 {}, {timeZone: 'UTC'}, {year: 'numeric', month: 'long', day: 'numeric'}, {weekday: 'long', year: 'numeric', month: 'long', day: 'numeric'},
 {month: 'short', day: 'numeric'}, {month: 'long', year: 'numeric'}, {month: 'short', day: 'numeric', year: 'numeric'},
 {year: 'numeric', month: '2-digit', day: '2-digit'}, {month: 'numeric', day: 'numeric'}, {weekday: 'short'}, {weekday: 'long'}, {weekday: 'narrow'},
 {hour: '2-digit', minute: '2-digit'}, {hour: 'numeric', minute: '2-digit', hour12: false}, {hour: 'numeric', minute: '2-digit', hourCycle: 'h23'},
 {month: 'long'}, {month: 'short'}, {month: 'narrow'}, {year: 'numeric'}, {year: '2-digit'}, {day: 'numeric'}, {day: '2-digit'},
 {dateStyle: 'full'}, {dateStyle: 'long'}, {dateStyle: 'medium'}, {dateStyle: 'short'},
 {timeStyle: 'full'}, {timeStyle: 'long'}, {timeStyle: 'medium'}, {timeStyle: 'short'},
 {dateStyle: 'full', timeStyle: 'short'}, {dateStyle: 'long', timeStyle: 'short'}, {dateStyle: 'medium', timeStyle: 'short'}, {dateStyle: 'short', timeStyle: 'short'}, {dateStyle: 'medium', timeStyle: 'medium'},
 {year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit'},
 {year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit'},
 {year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit'},
 {year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false},
 {weekday: 'short', month: 'short', day: 'numeric'}, {weekday: 'long', hour: 'numeric'}, {month: 'long', day: 'numeric'},
 {hour: 'numeric'}, {hour: '2-digit', hour12: false}, {hour: 'numeric', minute: '2-digit', second: '2-digit'},
 {hour: 'numeric', minute: '2-digit', timeZoneName: 'short'}, {year: 'numeric', month: 'short', day: 'numeric', timeZoneName: 'short'},
 {minute: '2-digit', second: '2-digit'}, {hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 3},
 {month: 'short', year: 'numeric'}, {month: '2-digit', year: 'numeric'}, {weekday: 'long', month: 'long', day: 'numeric'},
 {timeZone: 'Etc/GMT+5', hour: 'numeric', minute: '2-digit', timeZoneName: 'short'},
 {year: 'numeric', month: 'long', day: 'numeric', weekday: 'short'},
];
for (const o of C) {
  const oo = Object.assign({timeZone: 'UTC'}, o); if (o.timeZone) oo.timeZone = o.timeZone;
  print(JSON.stringify(o), '|', new Intl.DateTimeFormat('en-US', oo).format(d), '|', new Intl.DateTimeFormat('en-US', oo).format(d2));
}
print(d.toLocaleDateString('en-US', {month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC'}));
print(d.toLocaleTimeString('en-US', {hour: '2-digit', minute: '2-digit', timeZone: 'UTC'}));
print(d.toLocaleString('en-US', {timeZone: 'UTC'}), '|', d.toLocaleString('en-US', {month: 'short', timeZone: 'UTC'}), '|', d.toLocaleDateString('en-US', {hour: 'numeric', timeZone: 'UTC'}), '|', d.toLocaleTimeString('en-US', {month: 'short', timeZone: 'UTC'}));
print(d.toLocaleDateString(undefined, {weekday: 'long'}), '|', d.toLocaleString());
print(JSON.stringify(new Intl.DateTimeFormat('en-US', {timeZone: 'UTC', year: 'numeric', month: 'short', day: '2-digit', hour: 'numeric', minute: '2-digit'}).formatToParts(d)));
print(JSON.stringify(new Intl.DateTimeFormat('en-US', {timeZone: 'UTC', month: 'long', day: 'numeric'}).resolvedOptions()));
print(JSON.stringify(new Intl.DateTimeFormat().resolvedOptions()));

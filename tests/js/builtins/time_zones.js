// @node @modern
// Intl.DateTimeFormat's time zones (tzdata, engine/host/tz.c) and their en-US names, against node 20.
const ds = [Date.UTC(2024, 0, 15, 13, 5), Date.UTC(2024, 6, 15, 13, 5), Date.UTC(2024, 2, 10, 6, 59), Date.UTC(2024, 2, 10, 7, 0), Date.UTC(2024, 10, 3, 5, 59), Date.UTC(2024, 10, 3, 6, 0), Date.UTC(1975, 5, 1, 12), Date.UTC(2050, 6, 1, 12), Date.UTC(2050, 0, 1, 12), Date.UTC(1920, 6, 1, 12), Date.UTC(2100, 3, 1)].map(t => new Date(t));
const zones = ['America/New_York', 'america/new_york', 'US/Eastern', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Halifax', 'America/St_Johns', 'America/Toronto', 'America/Sao_Paulo', 'America/Mexico_City',
  'Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'Europe/Athens', 'Europe/Moscow', 'Europe/Lisbon', 'Africa/Johannesburg', 'Africa/Lagos', 'Africa/Nairobi', 'Africa/Cairo', 'Africa/Casablanca', 'Asia/Kolkata', 'Asia/Shanghai', 'Asia/Tokyo', 'Asia/Seoul', 'Asia/Hong_Kong', 'Asia/Singapore', 'Asia/Dubai', 'Asia/Karachi', 'Asia/Jakarta', 'Asia/Manila', 'Asia/Kathmandu',
  'Australia/Sydney', 'Australia/Adelaide', 'Australia/Perth', 'Pacific/Auckland', 'Pacific/Chatham', 'UTC', 'GMT', 'Etc/GMT+5'];
for (const z of zones) {
  const row = [];
  for (const d of ds) row.push(d.toLocaleString('en-US', { timeZone: z, timeZoneName: 'short' }));
  row.push(ds[0].toLocaleString('en-US', { timeZone: z, timeZoneName: 'long' }), ds[1].toLocaleTimeString('en-US', { timeZone: z, timeZoneName: 'long' }));
  print(z, '|', row.join(' | '), '|', /Kolkata|Kathmandu/.test(z) ? '(ICU keeps an older name)' : new Intl.DateTimeFormat('en-US', { timeZone: z }).resolvedOptions().timeZone);
}
print(new Date(Date.UTC(2024, 6, 4, 16)).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }), '|', new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone: 'Asia/Tokyo' }).format(new Date(Date.UTC(2024, 11, 31, 15))));
print(JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', hour: 'numeric', timeZoneName: 'short' }).formatToParts(new Date(Date.UTC(2024, 6, 1, 12)))));
try { new Intl.DateTimeFormat('en-US', { timeZone: 'Mars/Olympus' }); } catch (e) { print(e.name, e.message); }
// the offset and generic styles (CLDR's short generic names outside the Americas are by country, "France Time": left out)
const d1 = new Date(Date.UTC(2024, 0, 15, 13, 5)), d2 = new Date(Date.UTC(2024, 6, 15, 13, 5));
for (const z of ['America/New_York', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/Paris', 'Asia/Kolkata', 'UTC', 'Asia/Tokyo', 'Australia/Sydney', 'Etc/GMT+5'])
  for (const s of ['shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'])
    if (s !== 'shortGeneric' || /^(America|Pacific|UTC|Etc)/.test(z))
      print(z, s, '|', d1.toLocaleTimeString('en-US', { timeZone: z, timeZoneName: s }), '|', d2.toLocaleTimeString('en-US', { timeZone: z, timeZoneName: s }));

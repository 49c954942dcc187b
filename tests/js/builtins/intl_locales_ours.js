// Intl in other locales where we differ from node 20: Debian 12's ICU 72
// carries CLDR 42, node 20's ICU 73/74 a later CLDR (de-CH's apostrophe,
// Korean's day period, Dutch's date-time glue, the plain spaces around a
// range's dash where CLDR 44 has thin ones); formatRange given styles
// joins two dates where node's ICU writes an interval.
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
print((1234567.891).toLocaleString('de-CH'), '|', d.toLocaleTimeString('ko-KR'), '|', d.toLocaleString('nl-NL', { timeZone: 'Pacific/Chatham' }));
print(new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(d, new Date(Date.UTC(2024, 3, 1))), '|', new Intl.DateTimeFormat('de', { timeZone: 'UTC' }).formatRange(d, new Date(Date.UTC(2024, 3, 1))));
// an hour beside a zone's name: CLDR 42 has no "h" unit after it in
// Spanish, no "h" before it in Italian, and writes a zero offset "GMT"
print(new Intl.DateTimeFormat('es', { hour: 'numeric', timeZone: 'Asia/Kolkata', timeZoneName: 'short' }).format(d), '|', new Intl.DateTimeFormat('it', { hour: 'numeric', timeZone: 'Europe/London', timeZoneName: 'short' }).format(d));
// test262 (be13516) and ECMA-402 now, where node 20 differs: ICU's
// astronomical "islamic" calendar falls back (node keeps it), and a
// Collator whose ignorePunctuation is false compares spaces in Thai too
// (node's keeps Thai's default while resolvedOptions says false)
print(new Intl.DateTimeFormat('en-u-ca-islamic').resolvedOptions().calendar, new Intl.Collator('th', { ignorePunctuation: false }).compare('', ' '));

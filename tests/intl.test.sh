#!/bin/sh
# Intl in locales other than en-US (engine/host/icu.c) in real sandboxed
# children of a daemon on a private socket: ICU's data comes from its
# library, never a file the child's seccomp filter would end it for, in
# many locales and zones; a guest asking for formatters in thousands of
# distinct locales gets its answer, and the child serves the next run.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
tmp_prefix=cm-intl
. tests/support/daemon.sh
daemon_start --max-workers 2 --log-level error

# fr writes a narrow no-break space between thousands, a no-break space
# before the sign
fr=$(printf '1\342\200\257234,50\302\240\342\202\254')
same "numbers, dates, collation, case, plurals, lists in other locales" \
    '{"result":["1.234.567,891","1,23,45,678","'"$fr"'","￥5,000","05/03/2024, 14:07:09","5.3.2024, 15:07:09","mardi 5 mars 2024","a,z,ä","İSTANBUL","few","vor 2 Tagen","a, b y c"],"logs":[]}' \
    "$("$cm" run --url "$url" "async () => {
  const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
  return [(1234567.891).toLocaleString('de-DE'),
    new Intl.NumberFormat('en-IN').format(12345678),
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5),
    new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(5000),
    d.toLocaleString('en-GB', { timeZone: 'UTC' }),
    d.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }),
    new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(d),
    ['ä', 'a', 'z'].sort(new Intl.Collator('sv').compare).join(),
    'istanbul'.toLocaleUpperCase('tr-TR'),
    new Intl.PluralRules('ar').select(3),
    new Intl.RelativeTimeFormat('de').format(-2, 'day'),
    new Intl.ListFormat('es').format(['a', 'b', 'c'])];
}" 2>&1)"

bhd=$(printf '3,000\302\240BHD')
same "calendars, numbering systems, currency digits, ranges, hour cycles" \
    '{"result":["2/1/2567","R6/1/2","१२,३४५.६७८","'"$bhd"'","5–7 mars","h23","12.345.678.901.234.567.890","1.234,5;2"],"logs":[]}' \
    "$("$cm" run --url "$url" "async () => {
  const d = new Date(Date.UTC(2024, 0, 2));
  return [d.toLocaleDateString('th', { timeZone: 'UTC' }),
    d.toLocaleDateString('ja-JP-u-ca-japanese', { timeZone: 'UTC' }),
    (12345.678).toLocaleString('hi-IN-u-nu-deva'),
    new Intl.NumberFormat('de', { style: 'currency', currency: 'BHD' }).format(3),
    new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', timeZone: 'UTC' }).formatRange(Date.UTC(2024, 2, 5), Date.UTC(2024, 2, 7)),
    new Intl.DateTimeFormat('de', { hour: 'numeric' }).resolvedOptions().hourCycle,
    (12345678901234567890n).toLocaleString('de-DE'),
    [1234.5, 2].toLocaleString('de').replace(',2', ';2')];
}" 2>&1)"

# the run's own zone (UTC) without asking the C library for local time
same "another locale's dates in the run's own zone" \
    '{"result":["5.3.2024, 14:07:09","mardi 5 mars 2024","05.03. – 01.04.2024"],"logs":[]}' \
    "$("$cm" run --url "$url" "async () => {
  const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
  return [d.toLocaleString('de-DE'), new Intl.DateTimeFormat('fr', { dateStyle: 'full' }).format(d),
    new Intl.DateTimeFormat('de').formatRange(d, Date.UTC(2024, 3, 1))];
}" 2>&1)"

# every locale ICU has, in five zones: the child survives them all
same "every available locale in five zones formats in a sandboxed child" \
    '{"result":"ok","logs":[]}' \
    "$("$cm" run --url "$url" "async () => {
  const L = 'af am ar as az be bg bn bo br bs ca ce cs cy da de dz ee el en-GB eo es et eu fa ff fi fil fo fr fy ga gd gl gu ha he hi hr hu hy id ig is it ja ka kk km kn ko ks ky lb lg lo lt lv mg mk ml mn mr ms mt my nb ne nl nn om or pa pl ps pt qu rm ro ru rw sd se si sk sl so sq sr sv sw ta te tg th ti tk to tr tt ug uk ur uz vi wo xh yo zh zu'.split(' ');
  const Z = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'Pacific/Chatham'];
  const d = new Date(Date.UTC(2024, 6, 1, 23, 59, 59));
  for (const l of Intl.DateTimeFormat.supportedLocalesOf(L))
    for (const z of Z) {
      const s = new Intl.DateTimeFormat(l, { dateStyle: 'full', timeStyle: 'long', timeZone: z }).format(d)
        + new Intl.DateTimeFormat(l, { weekday: 'short', month: 'long', hour: 'numeric', timeZone: z }).format(d)
        + (-1234.5).toLocaleString(l, { style: 'currency', currency: 'USD' })
        + new Intl.NumberFormat(l, { notation: 'compact' }).format(98765)
        + ['b', 'a'].sort(new Intl.Collator(l).compare) + new Intl.PluralRules(l).select(2);
      if (typeof s !== 'string' || s.length < 10) return l + ' ' + z;
    }
  return 'ok';
}" 2>&1)"

# 20,000 formatters in distinct locale tags: bounded handles, no crash
same "formatters in 20,000 distinct locale tags" \
    '{"result":20000,"logs":[]}' \
    "$("$cm" run --url "$url" --timeout 60000 "async () => {
  const L = ['de', 'fr', 'ja', 'ru', 'ar', 'hi', 'ko', 'sv', 'tr', 'pl', 'th', 'he'];
  let n = 0;
  for (let i = 0; i < 20000; i++) {
    const l = L[i % L.length] + '-x-' + i.toString(36);
    new Intl.NumberFormat(l, { style: 'percent' }).format(i / 7);
    if (i % 5 === 0) new Intl.DateTimeFormat(l, { month: 'long', timeZone: 'UTC' }).format(0);
    n++;
  }
  return n;
}" 2>&1)"

same "the child serves the next run" '{"result":"1.234,5","logs":[]}' \
    "$("$cm" run --url "$url" "async () => (1234.5).toLocaleString('de')" 2>&1)"
same "English is unchanged" '{"result":["1,234.5","3/5/2024, 2:07:09 PM"],"logs":[]}' \
    "$("$cm" run --url "$url" "async () => [(1234.5).toLocaleString(), new Date(Date.UTC(2024, 2, 5, 14, 7, 9)).toLocaleString('en-US', { timeZone: 'UTC' })]" 2>&1)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

// @node @modern
// Intl in English: what model-written code reaches for, against node 20.
const show = (f) => { try { return String(f()); } catch (e) { return e.constructor.name; } };
print(typeof Intl, Object.prototype.toString.call(Intl), Object.keys(Intl).length);
print(Intl.getCanonicalLocales(['EN-us', 'en-US', 'zh-hant-tw']).join(), show(() => Intl.getCanonicalLocales('')), show(() => Intl.getCanonicalLocales(['en', 5])));
print(Intl.NumberFormat.supportedLocalesOf(['en-GB', 'en']).join(), typeof Intl.DateTimeFormat.supportedLocalesOf);

// NumberFormat
const nf = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
print(nf.format(1234.5), nf.format(-0.5), [1, 22.5, 333].map(nf.format).join(' / '), Intl.NumberFormat('en').format(1e6));
print(new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(3.14159), new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(0.4567));
print(new Intl.NumberFormat('en', { notation: 'compact' }).format(2345678), new Intl.NumberFormat('en', { notation: 'compact', compactDisplay: 'long' }).format(42000), new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 }).format(1234567));
print(new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte' }).format(512), new Intl.NumberFormat('en', { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(2));
print(show(() => new Intl.NumberFormat('en', { style: 'currency' })), show(() => new Intl.NumberFormat('en', { style: 'bogus' })), show(() => new Intl.NumberFormat('en', { maximumFractionDigits: 101 })), show(() => new Intl.NumberFormat('en', { style: 'unit', unit: 'parsec' })), show(() => new Intl.NumberFormat('en', { currency: 'US' })));
const ro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).resolvedOptions();
print(ro.locale, ro.style, ro.currency, ro.minimumFractionDigits, ro.maximumFractionDigits, ro.numberingSystem);
print(Object.prototype.toString.call(nf), typeof nf.format, nf.format === nf.format, show(() => Intl.NumberFormat.prototype.format));

// DateTimeFormat and Date
const d = new Date(Date.UTC(2024, 6, 4, 9, 5, 3));
const dtf = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
print(dtf.format(d), [d, new Date(0)].map(dtf.format).join(' | '), new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(d));
print(d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }), '|', d.toLocaleTimeString('en-US', { timeStyle: 'short', timeZone: 'UTC' }), '|', d.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }));
print(d.toLocaleDateString('en-US', { timeZone: 'Etc/GMT-9', month: 'short', day: 'numeric', hour: 'numeric', timeZoneName: 'short' }), '|', d.toLocaleString('en-US', { timeZone: 'UTC', hour12: false }));
print(show(() => d.toLocaleDateString('en-US', { timeStyle: 'short' })), show(() => d.toLocaleTimeString('en-US', { dateStyle: 'short' })), show(() => new Intl.DateTimeFormat('en', { dateStyle: 'short', month: 'long' })), show(() => new Intl.DateTimeFormat('en', { month: 'longer' })), show(() => new Intl.DateTimeFormat('en', { timeZone: 'Mars/Olympus' }).format(d)));
print(show(() => dtf.format(NaN)), new Date(NaN).toLocaleDateString('en-US', { month: 'long' }), Date.prototype.toLocaleString.length, Date.prototype.toLocaleDateString.length);
print(JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).resolvedOptions()));
print(JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 2 }).formatToParts(d)));

// PluralRules
const pr = new Intl.PluralRules('en-US');
print([0, 1, 2, 1.5, -1].map(n => pr.select(n)).join(), new Intl.PluralRules('en', { type: 'ordinal' }).select(22), [1, 2, 3, 4, 11, 12, 13, 21, 101, 111].map(n => new Intl.PluralRules('en', { type: 'ordinal' }).select(n)).join());
print(new Intl.PluralRules('en', { minimumFractionDigits: 1 }).select(1), JSON.stringify(pr.resolvedOptions().pluralCategories), show(() => Intl.PluralRules('en')));

// RelativeTimeFormat
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
print(rtf.format(-1, 'day'), '|', rtf.format(1, 'day'), '|', rtf.format(0, 'year'), '|', rtf.format(-3, 'hours'), '|', rtf.format(2, 'weeks'), '|', rtf.format(0, 'second'), '|', rtf.format(1, 'month'));
const rts = new Intl.RelativeTimeFormat('en', { style: 'short' });
print(rts.format(-3, 'month'), '|', rts.format(1, 'quarter'), '|', rts.format(2, 'quarters'), '|', rts.format(5, 'minutes'), '|', rts.format(-1.5, 'day'), '|', new Intl.RelativeTimeFormat('en').format(-1000, 'year'));
print(show(() => rtf.format(1, 'fortnight')), show(() => rtf.format(Infinity, 'day')), JSON.stringify(rts.formatToParts(-2, 'day')));

// ListFormat
print(new Intl.ListFormat('en').format(['a', 'b', 'c']), '|', new Intl.ListFormat('en').format(['a', 'b']), '|', new Intl.ListFormat('en').format(['a']), '|', new Intl.ListFormat('en').format([]));
print(new Intl.ListFormat('en', { type: 'disjunction' }).format(['x', 'y', 'z']), '|', new Intl.ListFormat('en', { style: 'short' }).format(['1', '2', '3']), '|', new Intl.ListFormat('en', { style: 'narrow', type: 'unit' }).format(['5 ft', '2 in']), '|', new Intl.ListFormat('en', { type: 'unit' }).format(new Set(['p', 'q'])));
print(show(() => new Intl.ListFormat('en').format(['a', 1])), JSON.stringify(new Intl.ListFormat('en').formatToParts(['a', 'b'])));

// Collator
const col = new Intl.Collator('en');
print(['b', 'a', 'C', 'A', 'c', 'B'].sort(col.compare).join(), ['item10', 'item2', 'item1'].sort(new Intl.Collator(undefined, { numeric: true }).compare).join());
print(['résumé', 'resume', 'Resume', 'rèsumé'].sort(col.compare).join(), ['_x', '1', 'a', ' b', '-c'].sort(col.compare).join('|'));
print(col.compare('a', 'A'), col.compare('a', 'á'), new Intl.Collator('en', { sensitivity: 'base' }).compare('a', 'Á'), new Intl.Collator('en', { sensitivity: 'accent' }).compare('a', 'A'), col.compare('abc', 'abc'));

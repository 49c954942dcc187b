// @node @modern
// Intl in locales other than en-US (ICU, engine/host/icu.c), against node 20.
const show = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name; } };
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 45));

// locale negotiation
print(show(() => Intl.NumberFormat.supportedLocalesOf(['de-DE', 'xx', 'fr', 'zh-TW', 'en-GB'])));
print(show(() => Intl.DateTimeFormat.supportedLocalesOf('ja-JP')), show(() => Intl.Collator.supportedLocalesOf(['qq-QQ'])));
print(['de-DE', 'de-XX', 'fr-CA', 'xx', 'zh-TW', 'sr-Latn-RS', 'en-IN'].map(l => new Intl.NumberFormat(l).resolvedOptions().locale).join());
print(new Intl.NumberFormat(['xx', 'de']).resolvedOptions().locale, new Intl.DateTimeFormat('fr').resolvedOptions().locale, new Intl.Collator('sv').resolvedOptions().locale);
print(new Intl.PluralRules('ru').resolvedOptions().locale, new Intl.RelativeTimeFormat('es').resolvedOptions().locale, new Intl.ListFormat('it').resolvedOptions().locale);
print(show(() => new Intl.NumberFormat('de-').format(1)), show(() => (1).toLocaleString('!')));

// numbers
print((1234567.891).toLocaleString('de-DE'), (1234567.891).toLocaleString('fr-FR'), (1234567.891).toLocaleString('es-ES'));
print(new Intl.NumberFormat('en-IN').format(12345678), new Intl.NumberFormat('hi-IN').format(12345678.5), (1234.5).toLocaleString('en-GB'));
print(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5));
print(new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(5000), new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(-1234.5));
print(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD', currencyDisplay: 'code' }).format(12), new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD', currencyDisplay: 'name' }).format(12));
print(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', currencySign: 'accounting' }).format(-5), new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(99.999));
print(new Intl.NumberFormat('de-DE', { style: 'percent' }).format(0.256), new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }).format(0.4567));
print(new Intl.NumberFormat('de-DE', { notation: 'compact' }).format(1234567), new Intl.NumberFormat('ja-JP', { notation: 'compact' }).format(123456789), new Intl.NumberFormat('fr', { notation: 'compact', compactDisplay: 'long' }).format(2500000));
print(new Intl.NumberFormat('de', { notation: 'scientific' }).format(123456), new Intl.NumberFormat('de', { notation: 'engineering' }).format(0.00012));
print(new Intl.NumberFormat('de', { minimumFractionDigits: 2 }).format(3), new Intl.NumberFormat('de', { maximumSignificantDigits: 3 }).format(123456), new Intl.NumberFormat('de', { minimumIntegerDigits: 3 }).format(7));
print(new Intl.NumberFormat('de', { useGrouping: false }).format(1234567.5), new Intl.NumberFormat('de', { signDisplay: 'always' }).format(5), new Intl.NumberFormat('de', { signDisplay: 'exceptZero' }).format(0));
print(new Intl.NumberFormat('de', { style: 'unit', unit: 'kilometer-per-hour' }).format(50), new Intl.NumberFormat('de', { style: 'unit', unit: 'liter', unitDisplay: 'long' }).format(2));
print((NaN).toLocaleString('de'), (-Infinity).toLocaleString('fr'), (-0).toLocaleString('de'), (1.005).toLocaleString('de', { maximumFractionDigits: 2 }), (2.5).toLocaleString('de', { maximumFractionDigits: 0 }));
print(show(() => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).formatToParts(-1234.5)));
print(show(() => new Intl.NumberFormat('fr-FR', { notation: 'compact' }).formatToParts(1500)), show(() => new Intl.NumberFormat('de').formatToParts(NaN)));
print(show(() => new Intl.NumberFormat('de', { style: 'percent', signDisplay: 'always' }).formatToParts(0.5)));
print((12345678901234567890n).toLocaleString('de-DE'), (-12345n).toLocaleString('fr-FR'), (12345n).toLocaleString('en-US'), (12345n).toLocaleString());
print(new Intl.NumberFormat('de-DE').format(12345678901234567890n));
print((12345.678).toLocaleString('ar-EG'), (12345.678).toLocaleString('hi-IN-u-nu-deva'), (12345.678).toLocaleString('th-TH-u-nu-thai'), (5).toLocaleString('en-US-u-nu-arab'), (5).toLocaleString('de-u-nu-bogus'));
print(['ar-EG', 'hi-IN-u-nu-deva', 'de-u-nu-bogus', 'en-US-u-nu-arab', 'de'].map(l => { const o = new Intl.NumberFormat(l).resolvedOptions(); return o.locale + ' ' + o.numberingSystem; }).join(), new Intl.DateTimeFormat('ar-EG').resolvedOptions().numberingSystem);
print(new Intl.NumberFormat('de', { style: 'currency', currency: 'BHD' }).format(3), new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BHD' }).format(3), new Intl.NumberFormat('de', { style: 'currency', currency: 'XYZ' }).format(3), new Intl.NumberFormat('de', { style: 'currency', currency: 'KWD' }).resolvedOptions().maximumFractionDigits);
print([1234.5, new Date(Date.UTC(2024, 0, 2))].toLocaleString('de', { timeZone: 'UTC' }), new Float64Array([1234.5, 2]).toLocaleString('de'), [{ toLocaleString() { return arguments.length; } }].toLocaleString());
print(new Date(Date.UTC(2024, 0, 2)).toLocaleDateString('ar-EG', { timeZone: 'UTC' }), new Date(Date.UTC(2024, 0, 2)).toLocaleDateString('th-TH-u-nu-thai', { timeZone: 'UTC' }));
print(['th', 'fa', 'ja-JP-u-ca-japanese', 'de', 'he'].map(l => new Intl.DateTimeFormat(l).resolvedOptions().calendar).join(), ['th', 'fa', 'he'].map(l => new Date(Date.UTC(2024, 0, 2)).toLocaleDateString(l, { timeZone: 'UTC' })).join(' | '));
print(['ja-JP-u-ca-japanese', 'hi-IN-u-nu-deva', 'th-u-ca-gregory-nu-thai', 'th-u-nu-thai-ca-gregory', 'de-u-ca-bogus', 'ar-u-ca-islamic-umalqura'].map(l => new Intl.DateTimeFormat(l).resolvedOptions().locale).join());
print(new Date(Date.UTC(2024, 0, 2)).toLocaleDateString('ja-JP-u-ca-japanese', { timeZone: 'UTC' }), new Date(Date.UTC(2024, 0, 2)).toLocaleDateString('th-u-ca-gregory-nu-thai', { timeZone: 'UTC' }));
const ro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).resolvedOptions();
print(ro.locale, ro.style, ro.currency, ro.minimumFractionDigits, ro.maximumFractionDigits);

// plural rules
print(['ru', 'ar', 'fr', 'pl', 'ja'].map(l => [0, 1, 2, 5, 21, 1.5].map(n => new Intl.PluralRules(l).select(n)).join(' ')).join(' | '));
print(new Intl.PluralRules('fr', { type: 'ordinal' }).select(1), new Intl.PluralRules('fr', { type: 'ordinal' }).select(2), new Intl.PluralRules('cy', { type: 'ordinal' }).select(3));
print(new Intl.PluralRules('ru').resolvedOptions().pluralCategories.join(), new Intl.PluralRules('ar').resolvedOptions().pluralCategories.join(), new Intl.PluralRules('ja').resolvedOptions().pluralCategories.join());
print(new Intl.PluralRules('de', { minimumFractionDigits: 1 }).select(1), new Intl.PluralRules('de').select(1));

// collation and case
print(['ä', 'a', 'z'].sort(new Intl.Collator('sv').compare).join(), ['ä', 'a', 'z'].sort(new Intl.Collator('de').compare).join());
print(['ch', 'c', 'd', 'h'].sort(new Intl.Collator('cs').compare).join(), ['ñ', 'n', 'o'].sort(new Intl.Collator('es').compare).join());
print('ä'.localeCompare('z', 'sv'), 'ä'.localeCompare('z', 'de'), 'a'.localeCompare('A', 'sv', { sensitivity: 'base' }), 'item10'.localeCompare('item9', 'sv', { numeric: true }));
print(['b', 'A', 'a', 'B'].sort(new Intl.Collator('da', { caseFirst: 'upper' }).compare).join(), ['b', 'A', 'a', 'B'].sort(new Intl.Collator('fr', { caseFirst: 'lower' }).compare).join());
print(new Intl.Collator('sv', { sensitivity: 'accent' }).compare('a', 'A'), new Intl.Collator('de', { ignorePunctuation: true }).compare('a-b', 'ab'));
print('istanbul'.toLocaleUpperCase('tr-TR'), 'İSTANBUL'.toLocaleLowerCase('tr'), 'DIŞ'.toLocaleLowerCase('az'), 'istanbul'.toLocaleUpperCase('en-US'), 'istanbul'.toLocaleUpperCase());
print('i̇'.toLocaleUpperCase('lt').length, 'ΆΈ'.toLocaleLowerCase('el'), 'άδεια'.toLocaleUpperCase('el'), 'I'.toLocaleLowerCase(['tr', 'en']), 'I'.toLocaleLowerCase(['en', 'tr']));
print(show(() => String.prototype.toLocaleUpperCase.call(null, 'tr')), show(() => 'a'.toLocaleUpperCase('!')), String.prototype.toLocaleUpperCase.length, String.prototype.toLocaleLowerCase.length);

// dates
print(d.toLocaleString('en-GB', { timeZone: 'UTC' }), '|', d.toLocaleString('de-DE', { timeZone: 'UTC' }), '|', d.toLocaleString('fr-FR', { timeZone: 'UTC' }));
print(d.toLocaleString('de-DE'), '|', d.toLocaleDateString('ja-JP'), '|', d.toLocaleDateString('en-GB'));
print(new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(d), '|', new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d));
print(new Intl.DateTimeFormat('es', { weekday: 'long', month: 'long', day: 'numeric' }).format(d), '|', new Intl.DateTimeFormat('it', { month: 'short', year: 'numeric' }).format(d));
print(new Intl.DateTimeFormat('de', { hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(d), '|', new Intl.DateTimeFormat('fr', { hour: 'numeric', hour12: true }).format(d), '|', new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: 'numeric', hourCycle: 'h12' }).format(d));
print(new Intl.DateTimeFormat('ja', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(d), '|', new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(d));
print(d.toLocaleTimeString('de-DE', { timeZone: 'Asia/Kolkata' }), '|', d.toLocaleString('fr-FR', { timeZone: 'Pacific/Chatham' }), '|', new Intl.DateTimeFormat('de', { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 2 }).format(d));
print(show(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).formatToParts(d)));
// a tzdata zone's name in the locale (ICU's), its offset tz.c's
for (const [l, z] of [['de', 'Europe/Berlin'], ['ja', 'Asia/Tokyo'], ['fr', 'America/New_York'], ['zh', 'Asia/Shanghai'], ['de', 'US/Eastern'], ['de', 'Etc/GMT+5']])
  for (const x of [d, new Date(Date.UTC(2024, 6, 5, 14, 7, 9))])
    print(l, z, ['short', 'long', 'shortGeneric', 'longGeneric', 'shortOffset'].map(n => new Intl.DateTimeFormat(l, { hour: 'numeric', timeZone: z, timeZoneName: n }).format(x)).join(' | '), '|', new Intl.DateTimeFormat(l, { timeStyle: 'full', timeZone: z }).format(x));
print(show(() => new Intl.DateTimeFormat('fr', { weekday: 'short', hour: 'numeric' }).formatToParts(d)));
print(show(() => new Intl.DateTimeFormat('de', { timeZone: 'Europe/Berlin' }).resolvedOptions()));
print(new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', timeZone: 'UTC' }).formatRange(d, new Date(Date.UTC(2024, 2, 7))), '|', new Intl.DateTimeFormat('ja', { hour: 'numeric', minute: 'numeric', timeZone: 'Asia/Tokyo' }).formatRange(d, new Date(Date.UTC(2024, 2, 5, 16, 0))));
print(JSON.stringify(['de', 'ja', 'en-GB', 'fr', 'ko', 'ar'].map(l => new Intl.DateTimeFormat(l, { hour: 'numeric' }).resolvedOptions().hourCycle)), JSON.stringify(['de', 'ja', 'ko'].map(l => new Intl.DateTimeFormat(l, { hour: 'numeric', hour12: true }).resolvedOptions().hourCycle)), new Intl.DateTimeFormat('de', { timeStyle: 'short' }).resolvedOptions().hourCycle);
print(new Date(Date.UTC(1500, 0, 1)).toLocaleDateString('de-DE', { timeZone: 'UTC' }), new Date(NaN).toLocaleString('de-DE'));

// relative times and lists
const rtf = new Intl.RelativeTimeFormat('de', { numeric: 'auto' });
print(rtf.format(-1, 'day'), '|', rtf.format(2, 'weeks'), '|', rtf.format(0, 'year'), '|', new Intl.RelativeTimeFormat('fr').format(-3, 'hour'), '|', new Intl.RelativeTimeFormat('es', { style: 'short' }).format(5, 'minutes'));
print(new Intl.RelativeTimeFormat('ru').format(-21, 'day'), '|', new Intl.RelativeTimeFormat('ja').format(1.5, 'month'), '|', new Intl.RelativeTimeFormat('de').format(-1234.5, 'second'));
print(show(() => new Intl.RelativeTimeFormat('de').formatToParts(-1234.5, 'days')));
print(new Intl.ListFormat('de').format(['a', 'b', 'c']), '|', new Intl.ListFormat('fr', { type: 'disjunction' }).format(['a', 'b', 'c']), '|', new Intl.ListFormat('es').format(['a', 'b']), '|', new Intl.ListFormat('ja').format(['a', 'b', 'c']));
print(new Intl.ListFormat('de', { type: 'unit', style: 'narrow' }).format(['1', '2', '3']), '|', new Intl.ListFormat('it', { style: 'short' }).format(['x', 'y', 'z']));
print(show(() => new Intl.ListFormat('de').formatToParts(['x', 'y', 'z'])), new Intl.ListFormat('de').format([]), new Intl.ListFormat('de').format(['solo']));

// options that pick a locale's digits, calendar and punctuation
print(new Intl.NumberFormat('ar-EG', { numberingSystem: 'latn' }).format(1234.5), new Intl.NumberFormat('de-u-nu-arab', { numberingSystem: 'latn' }).resolvedOptions().numberingSystem, (1234.5).toLocaleString('de', { numberingSystem: 'arab' }), show(() => new Intl.NumberFormat('de', { numberingSystem: 'a!' })));
print(new Intl.DateTimeFormat('de', { calendar: 'japanese', timeZone: 'UTC' }).format(d), new Intl.DateTimeFormat('de', { calendar: 'japanese' }).resolvedOptions().calendar, new Intl.DateTimeFormat('fr', { numberingSystem: 'arab', timeZone: 'UTC' }).format(d));
print(new Intl.Collator('th').resolvedOptions().ignorePunctuation, new Intl.Collator('th').compare('', ' '), new Intl.Collator('de').resolvedOptions().ignorePunctuation);
Object.prototype.maximumFractionDigits = 1;
print((1.23).toLocaleString('en'), (1.23).toLocaleString('de'));
delete Object.prototype.maximumFractionDigits;

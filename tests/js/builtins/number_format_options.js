// @node @modern
// Intl.NumberFormat options through Number.prototype.toLocaleString, against node 20.
const T = [
 [1234.5, {maximumSignificantDigits: 3}], [0.012345, {maximumSignificantDigits: 2}], [5, {minimumSignificantDigits: 3}],
 [1234, {notation: 'compact'}], [12345, {notation: 'compact'}], [123456, {notation: 'compact'}], [999999, {notation: 'compact'}], [1500000, {notation: 'compact'}], [-1234, {notation: 'compact'}], [0.5, {notation: 'compact'}], [999, {notation:'compact'}], [1e12, {notation:'compact'}], [2.5e15, {notation:'compact'}],
 [1234, {notation: 'compact', compactDisplay: 'long'}], [1500000, {notation: 'compact', compactDisplay: 'long'}],
 [1, {signDisplay: 'always'}], [0, {signDisplay: 'exceptZero'}], [-1, {signDisplay: 'never'}], [5, {signDisplay:'exceptZero'}],
 [7, {minimumIntegerDigits: 3}], [1234.5, {style: 'currency', currency: 'EUR'}], [1234.5, {style: 'currency', currency: 'JPY'}], [1234.5, {style: 'currency', currency: 'USD', currencyDisplay: 'code'}], [1234.5, {style: 'currency', currency: 'USD', currencyDisplay: 'name'}], [1, {style: 'currency', currency: 'USD', currencyDisplay: 'name'}], [1234.5, {style: 'currency', currency: 'CAD'}], [1234.5, {style: 'currency', currency: 'CHF'}],
 [1234.5, {style: 'currency', currency: 'USD', notation: 'compact'}], [-3, {style:'currency', currency:'USD', signDisplay:'always'}], [3, {style:'currency', currency:'USD', currencySign:'accounting'}], [-3, {style:'currency', currency:'USD', currencySign:'accounting'}],
 [50, {style: 'unit', unit: 'kilometer-per-hour'}], [50, {style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long'}], [1, {style: 'unit', unit: 'megabyte'}], [12.5, {style: 'unit', unit: 'percent'}], [3, {style:'unit', unit:'day', unitDisplay:'long'}], [1, {style:'unit', unit:'day', unitDisplay:'long'}], [45, {style:'unit', unit:'second'}], [20, {style:'unit', unit:'celsius'}], [2, {style:'unit', unit:'hour', unitDisplay:'narrow'}],
 [1234.5678, {maximumFractionDigits: 2}], [0.1234, {style: 'percent', minimumFractionDigits: 1}], [1e21, {notation:'compact'}], [123456789, {notation: 'scientific'}], [123456789, {notation: 'engineering'}],
];
for (const [n, o] of T) print(JSON.stringify(o), n.toLocaleString("en-US", o), new Intl.NumberFormat("en-US", o).format(n));
// formatToParts: the same text, cut as node cuts it
const P = [
 [-1234.5, { style: 'currency', currency: 'USD' }], [0.123, { style: 'percent', minimumFractionDigits: 1 }], [1234, { notation: 'compact' }],
 [1500000, { notation: 'compact', compactDisplay: 'long' }], [50, { style: 'unit', unit: 'kilometer-per-hour' }], [3, { style: 'unit', unit: 'day', unitDisplay: 'long' }],
 [1234.5, { style: 'currency', currency: 'USD', currencyDisplay: 'code' }], [2, { style: 'currency', currency: 'EUR', currencyDisplay: 'name' }], [-3, { style: 'currency', currency: 'USD', currencySign: 'accounting' }],
 [123456789, { notation: 'scientific' }], [0.00012, { notation: 'scientific' }], [5, { signDisplay: 'always' }], [NaN, {}], [-Infinity, {}], [20, { style: 'unit', unit: 'celsius' }], [1234.5, { style: 'currency', currency: 'CHF' }],
];
for (const [n, o] of P) print(JSON.stringify(new Intl.NumberFormat('en-US', o).formatToParts(n)));

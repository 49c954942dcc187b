// @node @modern
// String.prototype.localeCompare: the root collation's order, as node's ICU sorts.
const words = ['banana', 'Apple', 'apple', 'cherry', 'Banana', 'éclair', 'eclair', 'Eclair', 'zebra', 'Zebra', 'a', 'A', 'ab', 'aB', 'Ab',
  'item 10', 'item 2', 'item-1', 'item_3', 'item1', 'x.y', 'x y', 'x,y', 'x-y', '10', '9', '1', '01', '', ' ', 'résumé', 'resume', 'Resume', 'rèsumé', 'résume',
  'naïve', 'naive', 'coöperate', 'cooperate', 'São Paulo', 'Sao Paulo', 'Ærø', 'Aero', 'Łódź', 'Lodz', 'straße', 'strasse', 'Ωmega', 'ωmega', 'Москва', 'москва', 'abc!', 'abc?', 'abc$', 'abc#'];
print([...words].sort((a, b) => a.localeCompare(b)).join('|'));
print([...words].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })).join('|'));
print(['a10', 'a2', 'a1', 'a02', 'b1', 'a'].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).join());
print('a'.localeCompare('B'), 'B'.localeCompare('a'), 'a'.localeCompare('A'), 'A'.localeCompare('a'), 'a'.localeCompare('a'), ''.localeCompare('a'), 'a'.localeCompare(''));
print('\u00e9'.localeCompare('e\u0301'), 'e'.localeCompare('\u00e9'), '\u00c5'.localeCompare('A\u030a'), 'ä'.localeCompare('a', 'en', { sensitivity: 'base' }), 'ä'.localeCompare('a', 'en', { sensitivity: 'accent' }), 'A'.localeCompare('a', 'en', { sensitivity: 'accent' }), 'A'.localeCompare('a', 'en', { sensitivity: 'case' }));
print('a b'.localeCompare('ab', 'en', { ignorePunctuation: true }), 'a'.localeCompare('A', 'en', { caseFirst: 'upper' }), String.prototype.localeCompare.length);
print(['Ab', 'ab', 'AB', 'aB'].sort(new Intl.Collator('en').compare).join(), ['Ab', 'ab', 'AB', 'aB'].sort(new Intl.Collator('en', { caseFirst: 'upper' }).compare).join());

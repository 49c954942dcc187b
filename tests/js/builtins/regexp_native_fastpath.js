// @node @modern

const re = /ab+c/gi;
print(re.test('xABBC'), re.lastIndex, re.flags, re.source, re.sticky, re.unicode);
print('a1b2'.replace(/\d/g, d => d * 2), 'a,b;c'.split(/[,;]/).join('|'), 'abc'.search(/c/), JSON.stringify('aXbX'.match(/X/g)));
const m = /(\w)(\d)?/.exec('a'); print(m.length, m[2], m.index, m.input);
print(Object.getPrototypeOf(/x/) === RegExp.prototype, /x/ instanceof RegExp, RegExp.prototype.constructor === RegExp, new RegExp('x') instanceof RegExp);
print(RegExp('a', 'g').flags, String(new RegExp('/', 'g')), String(RegExp()), RegExp.length);

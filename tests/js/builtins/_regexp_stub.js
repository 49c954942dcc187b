/* Dev-only stand-in for the C regexpTranslate (named groups, \k, s, y, d,
 * \u{...} in the BMP): enough to exercise 40_regexp.js on Debian's duk. */
function __stubRegexpTranslate(src, flags) {
	var out = '', names = [], i = 0, inClass = false, c, m, nameIdx = {}, k;
	if (/(\(\?<[=!])/.test(src))
		throw new SyntaxError('Invalid regular expression: /' + src + '/' + flags + ': lookbehind is not supported');
	for (k = 0; k < src.length; k++) {
		if (src.charAt(k) === '\\') { k++; continue; }
		if (src.charAt(k) === '(' && src.charAt(k + 1) !== '?') names.push(null);
		else if (src.substr(k, 3) === '(?<') { m = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(src.substring(k)); nameIdx[m[1]] = names.length + 1; names.push(m[1]); }
	}
	while (i < src.length) {
		c = src.charAt(i);
		if (c === '\\') {
			if (src.charAt(i + 1) === 'k' && src.charAt(i + 2) === '<') {
				m = /^\\k<([^>]+)>/.exec(src.substring(i));
				out += '(?:\\' + nameIdx[m[1]] + ')'; i += m[0].length; continue;
			}
			if (src.charAt(i + 1) === 'u' && src.charAt(i + 2) === '{') {
				m = /^\\u\{([0-9a-fA-F]+)\}/.exec(src.substring(i));
				out += '\\u' + ('0000' + m[1]).slice(-4); i += m[0].length; continue;
			}
			out += src.substr(i, 2); i += 2; continue;
		}
		if (inClass) { if (c === ']') inClass = false; out += c; i++; continue; }
		if (c === '[') { inClass = true; out += c; i++; continue; }
		if (c === '(' && src.charAt(i + 1) === '?' && src.charAt(i + 2) === '<') {
			m = /^\(\?<([^>]+)>/.exec(src.substring(i)); out += '('; i += m[0].length; continue;
		}
		if (c === '.' && flags.indexOf('s') >= 0) { out += '[\\s\\S]'; i++; continue; }
		out += c; i++;
	}
	return { source: out, flags: flags.replace(/[^gim]/g, '') + (flags.indexOf('y') >= 0 && flags.indexOf('g') < 0 ? 'g' : ''), names: names };
}

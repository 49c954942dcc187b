// @node @modern

print(JSON.stringify('7'.padStart(3, '0')), JSON.stringify('abc'.padEnd(10, '123')), JSON.stringify('x'.padStart(-1)), JSON.stringify('x'.padStart(3, undefined)));
print(JSON.stringify('\t\n x \r\n'.trimStart()), JSON.stringify('\t\n x \r\n'.trimEnd()), JSON.stringify(' \u2028x\u3000 '.trim()));
print(String.prototype.trimStart.name, String.prototype.padEnd.length);
print(['1', '22', '333'].map(s => s.padStart(4, '.')).join('|'));

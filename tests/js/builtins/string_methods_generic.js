// @node @modern

print(String.prototype.padStart.call(42, 5, '*'), String.prototype.at.call(12345, -2), String.prototype.replaceAll.call(1001, '0', 'o'));
try { String.prototype.padStart.call(null, 2); } catch (e) { print(e.constructor.name); }
try { String.prototype.at.call(undefined); } catch (e) { print(e.constructor.name); }
print('abc'.trimStart === 'abc'.trimLeft, 'x'.normalize('NFKC'), typeof ''.matchAll);

// @node @modern

print(Symbol('desc').description, Symbol.iterator.description, Symbol.for('reg').description, Symbol.asyncIterator.description);
print(typeof Symbol.asyncIterator, Symbol.asyncIterator === Symbol.asyncIterator, String(Symbol.asyncIterator));
const d = Object.getOwnPropertyDescriptor(Symbol, 'asyncIterator'); print(d.writable, d.enumerable, d.configurable);

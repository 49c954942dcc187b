// Where our texts of the third round differ from V8's: a function as a foreign receiver (V8 prints the function's source, which Duktape does not keep: ours reads #<Function>), the Symbol.prototype.description getter the prelude adds (it reads the symbol through valueOf, whose name the text carries), and an object literal as the base of a `new` callee (V8 prints it as {(intermediate value)}, ours as any other value it cannot name).
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
t('Map.get function', () => Map.prototype.get.call(function f() {}));
t('Set.has arrow', () => Set.prototype.has.call(() => 1));
t('Symbol description', () => Object.getOwnPropertyDescriptor(Symbol.prototype, 'description').get.call(1));
t('new object literal method', () => new ({ m() {} }).m());

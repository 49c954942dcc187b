// Where our texts of the third round differ from V8's: a function as a foreign receiver (V8 prints the function's source, which Duktape does not keep: ours prints what our Function.prototype.toString gives, `function f() { [native code] }`), and an object literal as the base of a `new` callee (V8 prints it as {(intermediate value)}, ours as any other value it cannot name). And an array iterator as a value: its `constructor` is Iterator.prototype's accessor (ES2025), so the text falls back to its tag, as V8 does where that accessor exists; node 20 has none and prints #<Object>. A Proxy whose target is a Proxy: Duktape takes no Proxy as a target, so the prelude gives the outer one a stand-in, and the text reads that stand-in (#<Object>) where V8 reads through both (#<K>).
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
t('Map.get function', () => Map.prototype.get.call(function f() {}));
t('Set.has arrow', () => Set.prototype.has.call(() => 1));
t('new object literal method', () => new ({ m() {} }).m());
t('array iterator', () => Reflect.construct([][Symbol.iterator]()));
t('proxy of a proxy', () => Reflect.construct(new Proxy(new Proxy(new (class K {})(), {}), {})));

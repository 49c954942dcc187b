// Iteration and destructuring errors where ours deliberately differs from node 20 (error_texts_iter.js holds the forms that match). Each line's comment is node's text. V8 names its own hidden variables (`.for`, `.catch`), prints a parameter default as the conditional it desugars to, folds constants, and words a few forms by the position of its bytecode; ours describes the value there, or prints the expression as written.
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
let o, nu = null, k = 'a';
const obj = { x: { f() { return 5 } } }, f = () => undefined, F = function () {};
// Cannot destructure property 'a' of '.for' as it is null.
t('for head', () => { for (const {a} of [null]); });
// Cannot destructure '.for' as it is null.
t('for head empty', () => { for (const {} of [null]); });
// .for is not iterable
t('for head array', () => { for (const [a] of [5]); });
// Cannot destructure property 'a' of '.catch' as it is null.
t('catch', () => { try { throw null } catch ({a}) {} });
// Cannot destructure '.catch' as it is undefined.
t('catch empty', () => { try { throw undefined } catch ({}) {} });
// Cannot destructure property 'a' of '(intermediate value)(intermediate value)(intermediate value)' as it is null.
t('param default', () => { (function ({a} = null) {})() });
// Cannot destructure property 'a' of '{(intermediate value)}' as it is null.
t('nested empty', () => { const {a: {}} = {a: null} });
// Cannot destructure property 'a' of '{}' as it is undefined.
t('nested computed', () => { const {a: {[k]: b}} = {} });
// obj.x[2] is not iterable
t('folded sum', () => { for (const x of obj.x[1 + 1]); });
// Cannot destructure property 'a' of 'true.z' as it is undefined.
t('folded not', () => { const {a} = (!0).z });
// obj.x.f is not iterable (cannot read property Symbol(Symbol.iterator))
t('optional call', () => { for (const x of obj.x.f?.()); });
// F is not iterable (cannot read property Symbol(Symbol.iterator))
t('array new member', () => { const [a] = new F().x });
// (intermediate value)(intermediate value) is not iterable
t('arrow body', () => [...(x => { f(); f() })]);
// (intermediate value)(intermediate value) is not iterable
t('class extends', () => [...class extends F { m() {} }]);
// yield* (intermediate value) is not iterable
t('yield*', () => { function* g() { yield* obj.x } g().next() });
// obj.x.abcdefghij...(300 characters) is not iterable: ours bounds the name
t('long name', () => { for (const x of obj.x.abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij); });

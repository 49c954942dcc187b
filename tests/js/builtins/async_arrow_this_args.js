// @node @modern

const obj = {
  tag: 'obj',
  method() { const f = async () => { await null; return this.tag + ':' + arguments.length; }; return f(); },
  async am(a, b = 2) { await null; return a + b; },
};
obj.method(1, 2, 3).then(v => print('arrow', v));
obj.am(1).then(v => print('default param', v));
(async function () { print('fn this undefined-ish', typeof this); })();
class K { constructor() { this.v = 5; } async get() { await null; return this.v; } static async s() { return 's'; } }
new K().get().then(v => print('class method', v));
K.s().then(v => print('static', v));

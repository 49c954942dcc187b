// @node @modern

const re = new RegExp('(?<key>\\w+):(?<val>\\d+)', 'g');
print('a:1 b:22'.replace(re, (...args) => { const g = args[args.length - 1]; return g.val + '=' + g.key; }));
print('a:1 b:22'.replace(re, '$<val>-$<key>'), 'a:1'.replace(re, '$<missing>|'));
const m = 'x:9'.match(new RegExp('(?<key>\\w+):(?<val>\\d+)'));
print(Object.keys(m.groups).join(), m.groups.key, m.groups.val, Object.getPrototypeOf(m.groups));
const opt = new RegExp('(?<a>a)|(?<b>b)').exec('b'); print(opt.groups.a, opt.groups.b, 'a' in opt.groups);

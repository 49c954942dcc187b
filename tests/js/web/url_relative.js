// @node
var base = 'http://a/b/c/d;p?q';
var rel = ['g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', '',
  '.', './', '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '/./g', '/../g', 'g.', '.g',
  'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'http:g', 'http:/g', '\\\\x\\y'];
for (var i = 0; i < rel.length; i++) print(JSON.stringify(rel[i]), new URL(rel[i], base).href);
print(new URL('x', new URL('file:///a/b')).href);

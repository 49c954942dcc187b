// @node
print(new URLSearchParams('?a=1').toString(), new URLSearchParams('??a=1').toString());
print(new URLSearchParams(undefined).size, new URLSearchParams(12).toString());
var m = new Map([['k1', 'v1'], ['k2', 'v2']]); print(new URLSearchParams(m).toString());
print(new URLSearchParams({ a: [1, 2], b: null, c: undefined }).toString());
try { new URLSearchParams([[1, 2, 3]]); } catch (e) { print(e.name); }
try { new URLSearchParams([5]); } catch (e) { print(e.name); }
var p = new URLSearchParams('a=1'); try { p.append('only'); } catch (e) { print(e.name); }
print(p.get('A'), p.has('a', undefined), p.getAll('x').length);

// JSON.rawJSON / isRawJSON and JSON.stringify of raw objects (checked against
// node 20 --harmony-json-parse-with-source).
print(JSON.stringify({a: JSON.rawJSON('1e1000'), b: [JSON.rawJSON('"x"'), 2]}), JSON.isRawJSON(JSON.rawJSON(1)), JSON.isRawJSON({}));
print(JSON.stringify({a: 1, b: 'q'}, null, 1), JSON.stringify.length, JSON.stringify.name);
print(JSON.stringify({a: 5}, function (k, v) { return k === 'a' ? JSON.rawJSON(String(v * 2)) : v; }));
try { JSON.rawJSON('{}'); } catch (e) { print(e.name); }
try { JSON.rawJSON(' 1'); } catch (e) { print(e.name); }
try { JSON.rawJSON('nope'); } catch (e) { print(e.name); }
var r = JSON.rawJSON('null'); print(Object.getPrototypeOf(r), Object.isFrozen(r), Object.keys(r).join(), JSON.stringify(undefined));

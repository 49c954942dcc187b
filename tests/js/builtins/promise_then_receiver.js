// @node @modern

try { Promise.prototype.then.call({}, () => {}); } catch (e) { print(e.name); }
try { Promise.resolve.call(undefined, 1); } catch (e) { print(e.name); }
print(typeof Promise.prototype.catch.call({ then: (a, b) => 'custom then ' + typeof b }, () => {}));
print(Promise.prototype.catch.call({ then: (a, b) => 'custom then ' + typeof b }, () => {}));
print(Promise.prototype.finally.length, Promise.prototype.catch.length, Promise.race.length, Promise.any.length);

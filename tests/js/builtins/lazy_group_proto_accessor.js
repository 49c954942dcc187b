// @node
// A lazy group loads after guest code ran: an accessor without a setter on
// Object.prototype[0] must not break the loader (group arraygen through a
// generic Array method, group clone through structuredClone).
Object.defineProperty(Object.prototype, '0', { get: function () { return 10; }, configurable: true });
print(Array.prototype.indexOf.call({ length: 3 }, 10), Array.prototype.lastIndexOf.call({ length: 2 }, 10));
print(JSON.stringify(structuredClone({ a: 1 })));
delete Object.prototype[0];

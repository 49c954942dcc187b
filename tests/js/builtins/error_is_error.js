// Error.isError: true only for objects with [[ErrorData]].
print(typeof Error.isError, Error.isError.length);
print(Error.isError(new Error('x')), Error.isError(new TypeError()), Error.isError(new RangeError()));
print(Error.isError(new AggregateError([])), Error.isError(Object.create(Error.prototype)));
print(Error.isError(Error.prototype), Error.isError(TypeError.prototype), Error.isError({ name: 'Error', message: 'm' }));
print(Error.isError(undefined), Error.isError('Error'), Error.isError({ [Symbol.toStringTag]: 'Error' }));
try { null.x; } catch (e) { print(Error.isError(e)); }
class MyError extends Error {}
print(Error.isError(new MyError('m')));

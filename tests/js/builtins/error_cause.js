// @node
var e = new Error('outer', { cause: 'inner' });
print(e.cause, e.message, Object.keys(e).length, e.hasOwnProperty('cause'), Object.getOwnPropertyDescriptor(e, 'cause').enumerable);
var e2 = new TypeError('t', { cause: new RangeError('r') }); print(e2.cause.name, e2 instanceof TypeError, e2 instanceof Error, e2.name);
var e3 = new Error('no cause', {}); print('cause' in e3);
var e4 = new Error('undef cause', { cause: undefined }); print('cause' in e4, e4.cause);
var e5 = Error('called'); print(e5 instanceof Error, e5.message);
print(Error.prototype.constructor === Error, TypeError.prototype.constructor === TypeError, Object.getPrototypeOf(TypeError) === Error);
try { null.x; } catch (err) { print(err instanceof TypeError, err.constructor === TypeError); }
var ag = new AggregateError([1, new Error('x')], 'many', { cause: 'c' });
print(ag.name, ag.message, ag.errors.length, ag.errors[1].message, ag.cause, ag instanceof Error, ag instanceof AggregateError, String(ag));
print(Object.prototype.toString.call(ag), AggregateError.length, new AggregateError([]).message === '');
print(String(new Error('m')), String(new RangeError()), new Error().message === '');

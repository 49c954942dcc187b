// @node @modern

const ae = new AggregateError(new Set([new Error('a'), 'b']), 'msg');
print(ae.errors.length, ae.errors[1], ae.message, ae.name, Object.keys(ae).length);
print(Object.getOwnPropertyDescriptor(ae, 'errors').enumerable, Array.isArray(ae.errors));
const ae2 = AggregateError([], 'called'); print(ae2 instanceof AggregateError, ae2.message);
try { new AggregateError(5); } catch (e) { print(e.constructor.name); }
print(Object.getPrototypeOf(AggregateError) === Error, AggregateError.prototype.name);

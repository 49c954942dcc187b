// @node @modern

class AppError extends Error { constructor(msg, opts) { super(msg, opts); this.name = 'AppError'; } }
const e = new AppError('failed', { cause: new Error('root') });
print(e instanceof AppError, e instanceof Error, e.name, e.message, e.cause.message, String(e));
class Plain extends TypeError {}
const p = new Plain('x'); print(p instanceof TypeError, p instanceof Plain, p.name, p.constructor === Plain);
try { throw new AppError('thrown'); } catch (err) { print(err.name + ': ' + err.message); }

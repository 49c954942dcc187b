// @node
var e = new DOMException('msg', 'NotSupportedError');
print(e.name, e.message, e.code, e instanceof Error, e instanceof DOMException);
print(String(e), Object.prototype.toString.call(e));
var d = new DOMException();
print(JSON.stringify(d.name), JSON.stringify(d.message), d.code);
print(new DOMException('x', 'AbortError').code, new DOMException('x', 'TimeoutError').code,
  new DOMException('x', 'DataCloneError').code, new DOMException('x', 'SyntaxError').code,
  new DOMException('x', 'InvalidStateError').code, new DOMException('x', 'Custom').code);
print(DOMException.ABORT_ERR, DOMException.NOT_SUPPORTED_ERR, DOMException.INDEX_SIZE_ERR, e.TIMEOUT_ERR, DOMException.DATA_CLONE_ERR);
var c = new DOMException('m', { name: 'AbortError', cause: 42 });
print(c.name, c.cause, c.code);
try { DOMException('x'); } catch (x) { print(x.name); }
print(Object.keys(e).length);

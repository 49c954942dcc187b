// @node
try { structuredClone(function () {}); } catch (e) { print(e instanceof DOMException, e.name, e.code); }
try { btoa('\u0100'); } catch (e) { print(e instanceof Error, e.constructor === DOMException, e.name); }
var r = AbortSignal.abort().reason; print(r instanceof DOMException, r.name, r.code, r.ABORT_ERR);
var e = new DOMException('m', 'SyntaxError'); print(e.code, e.name, e.message, e.SYNTAX_ERR);
print(Object.getPrototypeOf(DOMException.prototype) === Error.prototype, DOMException.name, DOMException.length);

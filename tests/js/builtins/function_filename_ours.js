// No function has an own fileName (engine/module.mk cm_fnfile: Duktape's file name of a function lives under a hidden key), yet stack traces still name the script and the line a frame is at, and an error's lineNumber comes from the function that threw. Ours: V8 writes its traces otherwise and has no lineNumber.
function foo() {
  throw new Error('boom');
}
try {
  foo();
} catch (e) {
  const m = /at foo \((.*):(\d+)\)/.exec(e.stack);
  console.log(m !== null && /function_filename_ours\.js$/.test(m[1]), m && m[2]);
}
console.log('fileName' in foo, Object.getOwnPropertyNames(foo).join(), Object.getOwnPropertyNames(foo.bind(null)).join());
const g = new Function('throw new TypeError("x")');
try { g(); } catch (e) { console.log(/at anonymous \(/.test(e.stack), 'fileName' in g); }

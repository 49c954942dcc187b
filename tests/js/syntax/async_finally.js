async function f() {
  try { await Promise.reject(new Error("E")); }
  catch (e) { await null; return "from catch " + e.message; }
  finally { await null; console.log("finally ran"); }
}
f().then(console.log);

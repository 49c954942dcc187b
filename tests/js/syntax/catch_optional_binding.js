try { throw 1; } catch { console.log("caught without binding"); }
function f() { try { return JSON.parse("{bad"); } catch { return "fallback"; } }
console.log(f());

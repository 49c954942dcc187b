const a = 1;
try { a = 2; } catch (e) { console.log(e.name + ": " + e.message); }
try { a += 1; } catch (e) { console.log(e.name + ": " + e.message); }
try { a++; } catch (e) { console.log(e.name + ": " + e.message); }
console.log(a);
const o = { v: 1 }; o.v = 2; console.log(o.v);

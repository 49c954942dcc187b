let s = 0;
for (const x of [1, 2, 3]) s += x;
for (const k in { a: 1 }) s += k.length;
console.log(s);
try { for (const i = 0; i < 2; i++) {} } catch (e) { console.log(e.name + ": " + e.message); }

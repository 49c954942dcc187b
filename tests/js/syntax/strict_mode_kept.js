"use strict";
function f() { return this; }
console.log(f() === undefined);
try { undeclared = 5; } catch (e) { console.log(e.name); }
const g = function () { "use strict"; return typeof this; };
console.log(g());

// @node -- in a single-statement context (if, loops, with, a label) `let`, a line break, then anything but `[` is the identifier `let` and the statement ends at the break; `let [`, or `let` and a name on one line, is a declaration there and a SyntaxError; in a block it declares
var let = 1, x;
if (false) let // ASI
{}
if (false) let
x = 1;
while (false) let
x = 2;
for (;false;) let
x = 3;
for (var k in {}) let
x = 4;
with ({}) let
x = 5;
lbl: let
x = 6;
if (true) let
else x = 7;
print(let, x);
for (const src of ['if (true) let [a] = [1];', 'if (true) let\n[a] = [1];', 'if (true) let b = 1;', '"use strict"; if (true) let\nc = 1;', 'while (false) let\n{}', 'do let\nwhile (false)', 'do let while (false)'])
	try { eval(src); print('ok'); } catch (e) { print(e.name); }
{ let
  y = 5; print(y); }

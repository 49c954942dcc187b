#!/usr/bin/env node -- a Hashbang comment opens the script (ES2023); in eval code too, never past offset 0 nor in a Function body
console.log(eval("#!x\n1"), eval("#!\u2028 2"), eval("#!\r3"));
for (const src of [" #!\n", "1; #!\n", "\n#!"]) { try { eval(src); console.log("parsed") } catch (e) { console.log(e.name) } }
try { Function("#!\n") } catch (e) { console.log(e.name) }

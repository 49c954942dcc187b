"use strict";
// A leading directive keeps working: assigning an undeclared name throws.
try {
	undeclaredName = 1;
	print('sloppy');
} catch (e) {
	print(e instanceof ReferenceError ? 'strict' : 'other: ' + e);
}
print((function () { return this; })() === undefined ? 'this undefined' : 'this global');

console.log(typeof notDefinedAnywhere, typeof null, typeof (() => 1), typeof Symbol());
try { notDefinedAnywhere; } catch (e) { console.log(e.name); }

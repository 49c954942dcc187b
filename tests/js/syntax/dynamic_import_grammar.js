// The forms of import(...) the grammar allows and the ones it refuses.
const forms = [
  "import('a')", "import('a',)", "import('a', {})", "import('a', {},)",
  "import('a', b = {})", "import()", "import(,)", "import('a',,)",
  "import('a', {}, {})", "import('a', {},,)", "import(...a)",
  "import('a', ...b)", "new import('a')",
];
for (const f of forms) {
  let r;
  try { Function(f); r = "ok"; } catch (e) { r = e.constructor.name; }
  console.log(f + " -> " + r);
}
// import.source / import.defer (the source phase and deferred import
// proposals): the same arguments as import(), a call only.
const phased = [
  "import.source('a')", "import.defer('a', {},)", "import.source('a').then(f)",
  "import.source()", "import.source", "typeof import.defer", "new import.source('a')",
  "import.source(...a)", "import.sourcex('a')", "import.s\\u006furce('a')",
];
for (const f of phased) {
  let r;
  try { Function(f); r = "ok"; } catch (e) { r = e.constructor.name; }
  console.log(f + " -> " + r);
}
import.source("./m.js").catch((e) => console.log("import.source in a script:", e.constructor.name));
import.defer({ toString() { throw new RangeError("s"); } }).catch((e) => console.log("import.defer ToString:", e.constructor.name));

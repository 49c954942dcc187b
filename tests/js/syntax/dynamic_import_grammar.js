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

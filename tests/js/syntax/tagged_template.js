function tag(strings, ...vals) { return strings.raw.join("|") + "#" + strings.join("|") + "#" + vals.join(","); }
console.log(tag`a${1}b${2}c`);
console.log(tag`\n${"x"}`);
function same(s) { return s; }
const f = () => same`x`;
console.log(f() === f(), Object.isFrozen(f()), Object.isFrozen(f().raw));

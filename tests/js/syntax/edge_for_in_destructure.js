const out = [];
for (const [first, ...rest] in { abc: 1, de: 2 }) out.push(first + rest.length);
console.log(out.join(","));

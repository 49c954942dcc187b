const items = ["x", "y"];
console.log(`list: ${items.map(i => `<${i}>`).join("")}`);
console.log(`${`${`deep`}`}`);

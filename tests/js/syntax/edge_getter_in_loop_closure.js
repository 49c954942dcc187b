const objs = [];
for (let i = 0; i < 3; i++) objs.push({ name: "o" + i, get v() { return i * 10; }, set v(x) { i = x; } });
console.log(objs.map(o => o.v).join(","));
objs[1].v = 7;
console.log(objs[1].v, Object.keys(objs[0]).join(","));

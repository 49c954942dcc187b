const x = 1, y = "two";
const o = { x, y, m() { return this.x; }, ["c" + "k"]: 3, 'q-1': 4, 5: "five" };
console.log(JSON.stringify(o), o.m(), o.ck);

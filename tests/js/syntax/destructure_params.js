function f({ a, b = 2 }, [c, d] = [3, 4], ...rest) { return [a, b, c, d, rest.length].join(","); }
console.log(f({ a: 1 }), f({ a: 1, b: 0 }, [5, 6], 7, 8));
const g = ({ x }) => x * 2;
console.log(g({ x: 21 }));
console.log(f.length, g.length);

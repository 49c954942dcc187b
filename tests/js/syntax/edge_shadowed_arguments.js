function f() { const arguments2 = 1; return ((...args) => args.length + arguments.length)(1, 2); }
console.log(f(7));

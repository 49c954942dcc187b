interface I { a: number }
const v: Array<Map<string, number>> = [];
function f<T>(x: T, y?: string): T { return x }
const bad = f<number>(1) +;

// The readings TypeScript chooses where the text could be either.
function a(x: unknown) { return "call " + x; }
var b = 1, c = 2, d = 3;
// `a < b > (c)` is a call with a type argument in TypeScript
print(a < b > (c));
// ... and comparisons when what follows the `>` starts an expression
var n = 5, i = 1, j = 2;
print(i < n && j > (i), i < n, (n) > j);
print(b < c ? "lt" : "ge", c > b == true);
// f<T> then a line break: an instantiation expression, then a new statement
const inst = a<string>
print(typeof inst);
// arrows with type parameters; <T,> and <T> forms
const id1 = <T,>(x: T) => x;
const id2 = <T>(x: T): T => x;
const id3 = async <T,>(x: T) => x;
print(id1(1), id2("two"), typeof id3);
// optional parameters in an arrow head
const opt = (a?: number) => a ?? "none";
print(opt(), opt(4));
// a conditional, not an arrow with a return type: `a ? (b) : c => d`
const t = false;
const r1 = t ? (b) : c => d;
print(typeof r1, r1(0));
const r2 = true ? (b) : c => d;
print(r2);
// an arrow with a return type in the true branch when a `:` follows it
const r3 = true ? (x: number): number => x + 1 : null;
print(r3!(1));
// `<T>expr` is a type assertion
const asserted = <string>(<unknown>"yes");
print(asserted);
// a generic call through optional chaining and on a member
const o = { f<T>(x: T): T { return x; } };
print(o.f<number>(3), o?.f<string>("q"));
// `>=` and `>>` right after type arguments split as TypeScript rescans them
let lst: Array<number>= [1];
let deep: Array<Array<number>>= [[2]];
print(lst[0], deep[0][0], 8 >> 1, 9 >= 3);

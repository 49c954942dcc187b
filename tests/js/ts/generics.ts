// Generic parameters and arguments, including `>>` closing two lists.
function identity<T>(x: T): T { return x; }
function pair<A, B = A>(a: A, b: B): [A, B] { return [a, b]; }
function longest<T extends { length: number }>(xs: T[]): T | undefined {
	let best: T | undefined;
	for (const x of xs) if (best === undefined || x.length > best.length) best = x;
	return best;
}
const m = new Map<string, Array<number>>();
m.set("a", [1, 2]);
const nested: Array<Array<number>> = [[1], [2, 3]];
const table: Map<string, Map<string, number>>= new Map();
print(identity<string>("s"), JSON.stringify(pair<number, string>(1, "x")));
print(longest<string>(["ab", "abc", "a"]), longest([[1], [1, 2]])!.length);
print(m.get("a")!.length, nested[1].length, table.size);
const id = <T,>(x: T): T => x;
const id2 = <T extends object>(x: T) => x;
const asyncId = async <T>(x: T): Promise<T> => x;
print(id(5), JSON.stringify(id2({ a: 1 })));
asyncId<number>(7).then((v) => print("async", v));
class Box<T> {
	#v: T;
	constructor(v: T) { this.#v = v; }
	map<U>(f: (v: T) => U): Box<U> { return new Box<U>(f(this.#v)); }
	get value(): T { return this.#v; }
}
print(new Box<number>(2).map<string>((n) => "n" + n).value);
type Fn<T> = (x: T) => T;
const twice: Fn<number> = (x) => x * 2;
print(twice(21));
const mk = identity<(s: string) => number>((s) => s.length);
print(mk("four"));

// Class members: modifiers, abstract, implements, declare, index
// signatures, overloads, definite assignment, `this` parameters.
interface Shape { area(): number; readonly name: string }
abstract class Base implements Shape {
	abstract readonly name: string;
	protected static count: number = 0;
	private tag?: string;
	declare extra: number;
	[key: string]: unknown;
	constructor() { Base.count++; }
	abstract area(): number;
	describe(this: Base, digits?: number): string {
		return this.name + ":" + this.area().toFixed(digits ?? 1);
	}
	static made(): number { return Base.count; }
}
class Square extends Base {
	readonly name = "square";
	public side!: number;
	constructor(side: number) { super(); this.side = side; }
	override area(): number { return this.side ** 2; }
}
class Circle extends Base implements Shape {
	name: string = "circle";
	r: number;
	constructor(r: number) { super(); this.r = r; }
	public override area(): number { return Math.PI * this.r * this.r; }
}
const shapes: Shape[] = [new Square(2), new Circle(1)];
for (const s of shapes) print((s as Base).describe(2));
print(Base.made(), "extra" in shapes[0], "tag" in shapes[0]);
function len(x: string): number;
function len(x: unknown[]): number;
function len(x: string | unknown[]): number { return x.length; }
print(len("abc"), len([1]));
class Over {
	m(x: string): string;
	m(x: number): number;
	m(x: any): any { return x; }
	opt?(): void;
}
print(new Over().m(3), typeof new Over().opt);
class Gen<T> extends Array<T> {}
print(new Gen<number>().length);
class Fields { a = 1; b: number; c?: string; }
print(JSON.stringify(Object.keys(new Fields())));

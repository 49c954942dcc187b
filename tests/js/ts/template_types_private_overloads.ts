// Template literal types inside object types and bodiless private method
// overloads are erased like any other type syntax.
type Tagged = { id: `id-${number}`; pair: `${string}:${string}` };
const t: Tagged = { id: 'id-7', pair: 'a:b' };
const f = (x: { k: `k${string}` }): string => x.k;

class Counter {
	#n = 0;
	#bump(): void;
	#bump(by: number): void;
	#bump(by?: number): void {
		this.#n += by ?? 1;
	}
	run(): number {
		this.#bump();
		this.#bump(5);
		return this.#n;
	}
}

namespace Outer {
	export namespace Inner {
		export type Q = number;
	}
}
const q: Outer.Inner.Q = 3;
print(t.id, t.pair, f({ k: 'kz' }), new Counter().run(), q);

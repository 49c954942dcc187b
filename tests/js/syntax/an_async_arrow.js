// Async arrows (with and without await): lexical this/arguments/super/
// new.target, own length/name descriptors, not constructors.
const log = [];
const AsyncFunction = Object.getPrototypeOf(async function () {});
function desc(f, k) {
	const d = Object.getOwnPropertyDescriptor(f, k);
	return d === undefined ? "none" : JSON.stringify(d.value) + " w=" +
	    d.writable + " e=" + d.enumerable + " c=" + d.configurable;
}
class Base {
	who() { return "base who " + this.id; }
}
class K extends Base {
	id = "k";
	waiting = async (x) => { await null; return super.who() + " " + x + " " + this.id; };
	m(a, b) {
		const now = async (x) => [this.id, arguments.length, a, b, x, new.target === undefined].join();
		const later = async (x) => {
			const y = await x;
			return [this.id, arguments[0], y, super.who()].join();
		};
		return [now, later];
	}
}
function Outer() {
	const f = async () => new.target === Outer;
	return f;
}
const zero = async () => {};
const three = async (a, b, c) => { await 0; return a + b + c; };
const thrower = async (x) => { throw new RangeError("bad " + x); };
const awaitThrower = async (x) => { await 1; throw new RangeError("late " + x); };

async function main() {
	const k = new K();
	const [now, later] = k.m(1, 2);
	log.push(await now(3));
	log.push(await later(Promise.resolve("awaited")));
	log.push(await k.waiting(4));
	log.push("new.target " + await new Outer()());
	log.push("sum " + await three(1, 2, 3));
	for (const [name, f] of [["zero", zero], ["three", three], ["now", now],
	    ["anon", [async () => 1][0]]]) {
		let how;
		try {
			new f();
			how = "constructed";
		} catch (e) {
			how = e.constructor.name;
		}
		log.push(name + ": length " + desc(f, "length") + "; name " +
		    desc(f, "name") + "; prototype " + desc(f, "prototype") +
		    "; proto " + (Object.getPrototypeOf(f) === AsyncFunction) +
		    "; new " + how + "; " + Object.prototype.toString.call(f));
	}
	const p = thrower(1);
	log.push("thrower returned " + (p instanceof Promise));
	await p.catch((e) => log.push("rejected " + e.message));
	await awaitThrower(2).catch((e) => log.push("rejected " + e.message));
	console.log(log.join("\n"));
}
main();

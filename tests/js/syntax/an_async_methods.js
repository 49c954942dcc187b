// Async functions and methods with no await: `this`, `arguments`, `super`,
// `new`, `length`, `name` and the AsyncFunction prototype.
const log = [];
const AsyncFunction = Object.getPrototypeOf(async function () {});
class Base {
	greet(x) { return "base greet " + x + " from " + this.tag; }
	static make() { return "base make " + this.name; }
}
class Derived extends Base {
	tag = "derived";
	field = async (x) => super.greet(x) + " via field, this.tag=" + this.tag;
	async greet(x, y) {
		return super.greet(x) + " | args " + arguments.length + " " + y;
	}
	async viaArrow() {
		const f = () => super.greet("arrow") + " " + arguments[0];
		return f();
	}
	static async make() {
		return super.make() + " static";
	}
	async superProp() {
		super.extra = 5;
		return this.extra;
	}
}
const obj = {
	tag: "obj",
	async m(a, b, c) {
		return this.tag + " " + arguments.length + " " + [a, b, c].join("/");
	},
	async sup() {
		return super.hasOwnProperty("tag");
	}
};
async function named(a, b) {}
const anon = async function (a) {};
const arrow = async (a, b, c) => a;
const d = new Derived();
// sloppy code: `arguments` is the function's own, mapped to its formals
async function callee(a) {
	arguments[0] = "mapped";
	return (arguments.callee === callee) + " " + a;
}
const calleeExpr = async function () { return arguments.callee === calleeExpr; };

async function main() {
	log.push(await d.greet(1, 2));
	log.push(await d.viaArrow("outer arg"));
	log.push(await Derived.make());
	log.push(await d.field(3));
	log.push("superProp " + await d.superProp());
	log.push(await obj.m(1, 2));
	log.push("obj super " + await obj.sup());
	log.push("callee " + await callee(1) + " " + await calleeExpr());
	log.push("call with other this: " + await obj.m.call({ tag: "other" }, 9));
	for (const [name, f] of [["named", named], ["anon", anon], ["arrow", arrow],
	    ["method", obj.m], ["class method", Derived.prototype.greet],
	    ["static", Derived.make], ["field", d.field]]) {
		let how;
		try {
			new f();
			how = "constructed (wrong)";
		} catch (e) {
			how = e.constructor.name;
		}
		log.push(name + ": name=" + JSON.stringify(f.name) + " length=" +
		    f.length + " proto=" + (Object.getPrototypeOf(f) === AsyncFunction) +
		    " hasPrototype=" + Object.prototype.hasOwnProperty.call(f, "prototype") +
		    " new=" + how);
	}
	console.log(log.join("\n"));
}
main();

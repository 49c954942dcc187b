// Returning a thenable from an async function with no await: adopted in a
// later job, interleaved with other microtasks exactly as the spec orders.
const log = [];
const thenable = {
	then(res) {
		log.push("then called");
		res("thenable value");
	}
};
async function retThenable() {
	log.push("body");
	return thenable;
}
async function retPromise() {
	return Promise.resolve("promise value");
}
const arrowThenable = async () => thenable;
let getterCalls = 0;
const badThen = {
	get then() {
		getterCalls++;
		throw new Error("then getter threw");
	}
};
async function retBadThen() {
	try {
		return badThen;
	} catch (e) {
		log.push("user catch saw it (wrong)");
		return "wrong";
	}
}
function tick(name, n) {
	let p = Promise.resolve();
	for (let i = 1; i <= n; i++) {
		const k = i;
		p = p.then(() => log.push(name + " tick " + k));
	}
	return p;
}

async function main() {
	const a = retThenable();
	log.push("after call");
	const t = tick("A", 4);
	a.then((v) => log.push("resolved: " + v));
	await t;
	await tick("flush", 2);

	const b = retPromise();
	const t2 = tick("B", 4);
	b.then((v) => log.push("resolved: " + v));
	await t2;
	await tick("flush", 2);

	const c = arrowThenable();
	const t3 = tick("C", 3);
	c.then((v) => log.push("arrow resolved: " + v));
	await t3;

	const d = retBadThen();
	log.push("getter calls after call: " + getterCalls);
	await d.then(() => log.push("fulfilled (wrong)"),
	    (e) => log.push("rejected: " + e.message));
	console.log(log.join("\n"));
}
main();

// Async functions without await: every return settles the promise, falling
// off the end gives undefined, a throw rejects (never throws at the call).
const log = [];
async function pick(n) {
	if (n === 0)
		return "zero";
	for (let i = 0; i < 5; i++) {
		if (i === n)
			return "loop " + i;
	}
	switch (n) {
	case 7:
		return;
	case 8:
		break;
	default:
		return "switch " + n;
	}
	label: {
		if (n === 8)
			break label;
		return "never";
	}
	log.push("fell off " + n);
}
async function inner(n) {
	function plain(x) { return x + 1; }
	const arrow = (x) => { return x * 10; };
	const obj = { m() { return "m"; }, get g() { return "g"; } };
	class K { static s() { return "s"; } }
	[1, 2].forEach(function (v) { return v; });
	return [plain(n), arrow(n), obj.m(), obj.g, K.s()].join(",");
}
async function thrower(n) {
	log.push("thrower ran " + n);
	if (n)
		throw new Error("boom " + n);
	return "ok";
}
async function caught() {
	try {
		return JSON.parse("{bad");
	} catch (e) {
		return "caught " + e.name;
	}
}
async function tryCatchReturn() {
	try {
		return "from try";
	} catch (e) {
		return "unreachable";
	}
}
async function finallyReturn() {
	try {
		return "from try " + log.length;
	} finally {
		log.push("finally ran");
	}
}
async function finallyOverrides() {
	try {
		return 1;
	} finally {
		return 2;
	}
}
async function finallyThrows() {
	try {
		return 1;
	} finally {
		throw new TypeError("finally threw");
	}
}
async function ofReturn() {
	const it = {
		[Symbol.iterator]() {
			return {
				next() { return { value: 5, done: false }; },
				return() { log.push("iterator closed"); return {}; }
			};
		}
	};
	for (const v of it)
		return v;
}
const exprArrow = async (x) => x * 2;
const exprThrow = async () => null.x;
const blockArrow = async (a, b) => { if (a) return a + b; };
const literal = async () => 6 * 7;
const empty = async () => {};
const onlyReturn = async function () { "use strict"; return; };

async function main() {
	const p = thrower(1);
	log.push("after call, is promise: " + (p instanceof Promise));
	for (const n of [0, 2, 5, 7, 8])
		log.push("pick " + n + ": " + await pick(n));
	log.push("inner: " + await inner(3));
	try {
		await p;
	} catch (e) {
		log.push("rejected: " + e.message);
	}
	log.push("thrower 0: " + await thrower(0));
	log.push(await caught());
	log.push(await tryCatchReturn());
	log.push(await finallyReturn());
	log.push("override: " + await finallyOverrides());
	await finallyThrows().then(null, (e) => log.push("finally rejected: " + e.message));
	log.push("of: " + await ofReturn());
	log.push("expr: " + await exprArrow(21));
	await exprThrow().catch((e) => log.push("expr rejected: " + (e instanceof TypeError)));
	log.push("block: " + await blockArrow(1, 2) + " " + await blockArrow(0, 2));
	const order = [];
	Promise.resolve().then(() => order.push("first"));
	literal().then((v) => order.push("literal " + v));
	empty().then((v) => order.push("empty " + v));
	onlyReturn().then((v) => order.push("onlyReturn " + v));
	Promise.resolve().then(() => order.push("last"));
	await null;
	await null;
	log.push(order.join(", "));
	console.log(log.join("\n"));
}
main();

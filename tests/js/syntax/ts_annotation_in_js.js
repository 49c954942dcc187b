// TypeScript is opt-in: without --typescript an annotation is the
// SyntaxError it always was.
const orders = [];
const n: number = orders.length; // the const without its initializer

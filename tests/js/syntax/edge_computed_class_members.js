const name = "dyn";
let order = [];
class A { [(order.push("m"), name)]() { return "dynamic method"; } static [(order.push("s"), "st")] = 1; [(order.push("f"), "fld")] = 2; }
console.log(new A().dyn(), A.st, new A().fld, order.join(""));

// import(specifier, options) with the trailing commas the grammar allows,
// and the steps that come before any module is looked for: ToString of the
// specifier (its throw is the rejection), then the options' `with` object.
const log = [];
function report(label, p) {
  return p.then(
    () => log.push(label + ": fulfilled"),
    (e) => log.push(label + ": " + (e && e.constructor ? e.constructor.name : typeof e) +
      (e && e.message === "custom" ? " custom" : "")));
}
const custom = new Error("custom");
const order = [];
const ps = [
  report("tostring throws", import({ toString() { throw custom; } })),
  report("tostring throws, trailing comma", import({ toString() { throw custom; } },)),
  report("tostring throws, options", import({ toString() { throw custom; } }, {},)),
  report("symbol specifier", import(Symbol("s"))),
  report("options not an object", import("./m.js", 1)),
  report("with not an object", import("./m.js", { with: "json" })),
  report("attribute value not a string", import("./m.js", { with: { type: 1 } })),
  report("unsupported attribute", import("./m.js", { with: { nope: "x" } })),
  report("options undefined", import("./m.js", undefined,)),
  report("evaluation order", import((order.push("specifier"), "./m.js"), (order.push("options"), undefined))),
];
const getter = { get with() { throw custom; } };
ps.push(report("with getter throws", import("./m.js", getter)));
Promise.all(ps).then(() => {
  console.log(log.join("\n"));
  console.log(order.join(","));
});

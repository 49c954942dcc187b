const p = import("./nothing.js");
console.log(typeof p.then);
p.then(() => console.log("loaded"), () => console.log("import rejected"));

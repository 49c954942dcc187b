function outer() {
  const f = async () => [this.k, arguments[0]].join(",");
  return f();
}
outer.call({ k: "K" }, "A0").then(console.log);

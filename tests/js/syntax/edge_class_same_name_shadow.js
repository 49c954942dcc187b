function make() { class Thing { id() { return "inner"; } } return new Thing().id(); }
class Thing { id() { return "outer"; } }
console.log(make(), new Thing().id());

function Shape() { if (!new.target) return "not new"; this.kind = "shape"; }
console.log(Shape(), new Shape().kind);

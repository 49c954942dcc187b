const o = { name: "o", greet() { return [1].map(() => this.name)[0]; }, later() { return new Promise(r => setTimeout(() => r(this.name), 1)); } };
console.log(o.greet());
o.later().then(v => console.log("later", v));

class Svc { constructor() { this.base = 10; } async get(x) { await new Promise(r => setTimeout(r, 5)); return this.base + x; } static async make() { return new Svc(); } }
Svc.make().then(s => s.get(5)).then(v => console.log("svc", v));

class Cfg { static #store = {}; static set(k, v) { Cfg.#store[k] = v; return this; } static get(k) { return Cfg.#store[k]; } }
Cfg.set("a", 1).set("b", 2);
console.log(Cfg.get("a") + Cfg.get("b"), Object.keys(Cfg).length);

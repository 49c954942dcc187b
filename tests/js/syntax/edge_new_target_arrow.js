function F() { const get = () => new.target; this.t = get() === F; }
console.log(new F().t);

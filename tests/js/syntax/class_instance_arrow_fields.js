class Btn { label = "ok"; click = () => "clicked " + this.label; }
const b = new Btn(); const f = b.click;
console.log(f());

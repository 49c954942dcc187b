const cs = [];
for (let i = 0; i < 3; i++) cs.push(class { v() { return i; } });
console.log(cs.map(C => new C().v()).join(","));

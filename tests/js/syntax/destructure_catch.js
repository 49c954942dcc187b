try { throw { code: 42, msg: "boom" }; } catch ({ code, msg }) { console.log(code, msg); }
try { throw [1, 2]; } catch ([x, y]) { console.log(x + y); }

console.log(/a(b+)c/.exec("xabbc")[1], "a-b-c".replace(/-/g, "+"), /^\d{3}$/.test("123"));
console.log(/x/gi.flags, /[/]/.test("/"), /a\/b/.source);

console.log(/a.b/s.test("a\nb"), /\u{61}/u.test("a"), /x/y.sticky);
const re = /o/y; re.lastIndex = 1;
console.log(re.test("foo"), re.lastIndex);

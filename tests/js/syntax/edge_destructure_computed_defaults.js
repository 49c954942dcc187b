const key = "k";
const { [key]: a = "dk", [key + "2"]: b = a + "!" } = { k: undefined };
console.log(a, b);
const { x: { y: [z = 9] = [] } = {} } = {};
console.log(z);

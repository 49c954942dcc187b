// JSON.stringify with an array replacer: a PropertyList of strings and
// numbers (and their wrappers) without repeats, in list order.
print(JSON.stringify({ key: true, b: 1, 1: 2 }, ['key', 'key', 1, new String('b'), {}, null]));
print(JSON.stringify([{ a: 1, z: 2 }], ['z', 'a', 'z'], 1));

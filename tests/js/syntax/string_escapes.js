console.log("tab\tnl\\n", 'q"q', "s'q", "\x41", "\0".length, "line\
cont");
console.log("\u2028\u2029".charCodeAt(1), "\u2028".length);

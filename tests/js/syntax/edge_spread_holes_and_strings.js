const a = [1, , 3];
console.log([...a].length, [...a][1], JSON.stringify([..."hi", ...[]]));
console.log(Math.max(...[], 0), [].concat(...[[1], [2, [3]]]).length);

// @node
// A typed array made from an Array lists the Array's values first
// (IteratorToList) and converts them after: a valueOf that empties or
// rewrites the Array while it is being converted changes nothing already
// listed. An Array of primitives only converts the same as before.
var values = [0, { valueOf: function () { values.length = 0; return 100; } }, 2];
var ta = new Float64Array(values);
console.log(ta.length, ta.join(), values.length);
var rewrite = [1, { valueOf: function () { rewrite[2] = 9; rewrite.push(5); return 7; } }, 3];
console.log(new Int16Array(rewrite).join(), rewrite.join());
console.log(new Uint8Array([1, '2', true, null, undefined, 3.7, -1]).join());
var holes = [1, , 3];
console.log(new Int8Array(holes).join());
Array.prototype[1] = { valueOf: function () { holes[2] = 30; return 20; } };
console.log(new Int8Array(holes).join(), holes[2]);
delete Array.prototype[1];

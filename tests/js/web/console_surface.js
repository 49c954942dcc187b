var names = ['assert', 'clear', 'count', 'countReset', 'debug', 'dir', 'dirxml',
  'error', 'group', 'groupCollapsed', 'groupEnd', 'info', 'log', 'profile',
  'profileEnd', 'table', 'time', 'timeEnd', 'timeLog', 'timeStamp', 'trace', 'warn'];
var ok = [];
for (var i = 0; i < names.length; i++)
  if (typeof console[names[i]] !== 'function') ok.push(names[i]);
print('missing:', ok.length);
print(typeof Console, typeof console.Console, typeof console.context, typeof console.createTask);
print(typeof console);
print(Object.prototype.toString.call(console));
print(console.log.name, console.timeEnd.name);
__cm.setConsoleSink(null);
console.log('%s is %d years', 'Ada', 36.5, 'extra');
console.log('%o|%O|%j', [1], { a: 1 }, { b: 2 });
console.log('100%', 'done', '%%');
print(JSON.stringify(__cm.takeLogs()));

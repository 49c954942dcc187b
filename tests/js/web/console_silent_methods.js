__cm.setConsoleSink(null);
['info', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog', 'count', 'countReset', 'assert', 'clear', 'profile', 'profileEnd', 'timeStamp']
  .forEach(function (m) { console[m]('arg', { x: 1 }); console[m](); });
console.assert(false);
print(__cm.takeLogs().length);
console.log.call(null, 'unbound');
var log = console.log; log('detached');
print(JSON.stringify(__cm.takeLogs()));
print(console.log.length, Object.keys(console).length);

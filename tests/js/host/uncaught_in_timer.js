// An error thrown by a timer callback is uncaught too: later timers do not run.
setTimeout(function () { print('first'); throw new RangeError('from timer'); }, 1);
setTimeout(function () { print('second'); }, 20);

// Unhandled rejections are not fatal in script mode; each is reported on stdout.
Promise.reject(new Error('nobody listens'));
setTimeout(function () { print('still running'); }, 1);

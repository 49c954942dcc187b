// --timeout 100: a timer due after the deadline never fires.
setTimeout(function () { print('late'); }, 10000);
print('armed');

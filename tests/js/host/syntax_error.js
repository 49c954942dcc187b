print('never printed');
var = 1;

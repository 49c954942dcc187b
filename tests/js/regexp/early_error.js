// An invalid pattern in a literal is an early SyntaxError with its position:
// nothing of the script runs.
print('never printed');
const ok = /(?<=\$)\d+/;
const bad = /a(?<n>b)\k<m>/;

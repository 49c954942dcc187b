// @node
var bytes = new Uint8Array(256); for (var i = 0; i < 256; i++) bytes[i] = (i * 37) & 255;
var bin = ''; for (i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
var b64 = btoa(bin);
print(b64.slice(0, 40), b64.length);
var back = atob(b64), same = back.length === 256;
for (i = 0; i < 256; i++) if (back.charCodeAt(i) !== bytes[i]) same = false;
print(same);
print(atob('\t\nQUJD\f\r '), btoa(String.fromCharCode(0, 0, 0)), atob('AAAA').length);
print(btoa('\u00e9'), atob('6Q==').charCodeAt(0));

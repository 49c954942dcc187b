// Encoding Standard windows-1252 (node 20 decodes these labels as ISO-8859-1: 80 99 9d 41 ff)
var d = new TextDecoder('windows-1252');
var s = d.decode(new Uint8Array([0x80, 0x99, 0x9d, 0x41, 0xff]));
print(s.split('').map(function (c) { return c.charCodeAt(0).toString(16); }).join(' '));
print(new TextDecoder('iso-8859-1').decode(new Uint8Array([0x8c, 0x9c])) === '\u0152\u0153');

var names = ['CompressionStream', 'DecompressionStream'];
for (var i = 0; i < names.length; i++) {
  try { new globalThis[names[i]]('gzip'); print('constructed'); }
  catch (e) {
    print(e instanceof DOMException, e.name, e.code);
    print(e.message === __cm.fill('COMPRESSION_ABSENT', { name: names[i] }));
    print(e.message.indexOf(names[i] + ' is absent from this runtime') === 0);
  }
}
try { CompressionStream('gzip'); } catch (e) { print(e.name); }

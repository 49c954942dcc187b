// __cm.fill composes pinned texts from __cm_spec templates
print(__cm.fill('COMPRESSION_ABSENT', { name: 'X' }) === __cm_spec.texts.COMPRESSION_ABSENT.template.replace('<name>', 'X'));
print(__cm.fill('OUTBOUND_DISABLED') === __cm_spec.texts.OUTBOUND_DISABLED.template);
var t = __cm.fill('PAYLOAD_TOO_LARGE', { part: 'tool call', size: 10, limit: 5 });
print(t.indexOf('<') < 0, t.indexOf('tool call') > 0, t.indexOf(' 10 ') > 0);
print(__cm.fill('PAYLOAD_TOO_LARGE', { part: 'p' }).indexOf('<size>') > 0);
try { __cm.fill('NO_SUCH_TEXT'); } catch (e) { print(e.name); }

// @node
var hosts = ['127.0.0.1', '127.1', '0x7f000001', '017700000001', '0.0.0.0', '4294967295', '4294967296', '1.2.3.256', '1.2.3.0x10', '0x', '1.2.3.4.', '09.1.1.1', 'a.1', '1.a', '256.256', '10.0.0.011', '0X0A.0.0.1'];
for (var i = 0; i < hosts.length; i++) {
  try { print(hosts[i], new URL('http://' + hosts[i] + '/').hostname); } catch (e) { print(hosts[i], e.message); }
}

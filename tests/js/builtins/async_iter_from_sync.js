// @node @modern

const log = [];
(async () => {
  const rejecting = [Promise.resolve(1), Promise.reject(new Error('second rejects')), 3];
  try { for await (const v of rejecting) log.push('v' + v); } catch (e) { log.push('caught ' + e.message); }
  const thenables = [{ then(r) { r('T'); } }];
  for await (const v of thenables) log.push('thenable ' + v);
  print(log.join(','));
})();

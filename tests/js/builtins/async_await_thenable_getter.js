// @node @modern

const log = [];
const weird = { get then() { log.push('then getter'); return (res) => res('weird'); } };
(async () => { const v = await weird; log.push(v); print(log.join(',')); })();

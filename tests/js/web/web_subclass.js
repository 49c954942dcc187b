class Emitter extends EventTarget { constructor() { super(); this.n = 1; } ping() { return this.dispatchEvent(new Event('ping')); } }
const e = new Emitter();
e.addEventListener('ping', (ev) => print('got', ev.type, ev.target === e, e.n));
print(e.ping(), e instanceof EventTarget);
class MyErr extends DOMException { constructor(m) { super(m, 'AbortError'); } }
const m = new MyErr('x'); print(m.name, m.message, m instanceof MyErr, m instanceof DOMException);
class MyEvent extends Event { constructor() { super('custom'); this.extra = 2; } }
const me = new MyEvent(); print(me.type, me.extra, me instanceof Event);
class R extends Response { constructor() { super('sub'); } }
const r = new R(); r.text().then(t => print('R', t, r instanceof Response));
const { searchParams } = new URL('http://h/?a=1'); print([...searchParams].length, [...new Headers({a:'1'})][0].join('='));
for (const [k, v] of new URLSearchParams('x=1&y=2')) print(k, v);

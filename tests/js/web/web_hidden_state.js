// internal state lives under hidden keys: nothing shows in reflection or JSON
var it = new URLSearchParams('a=1').keys(); print(Reflect.ownKeys(it).length, it.next().value, it.next().done);
var h = new Headers({a:'1'}).entries(); print(Reflect.ownKeys(h).length, h.next().value.join('='));
print(Reflect.ownKeys(new Headers()).length, Reflect.ownKeys(new URL('http://a')).length, Reflect.ownKeys(new Response('x')).length, JSON.stringify(new Request('http://a/')), Reflect.ownKeys(new Event('x')).length, Reflect.ownKeys(new AbortController().signal).length);

const users = [
  { id: 1, name: "Ann", tags: ["admin", "dev"], meta: { age: 31, city: "Oslo" } },
  { id: 2, name: "Bob", tags: ["dev"], meta: { age: 25 } },
  { id: 3, name: "Cid", tags: [], meta: null },
];
const byTag = users.reduce((acc, { name, tags }) => {
  for (const t of tags) (acc[t] ??= []).push(name);
  return acc;
}, {});
console.log(JSON.stringify(byTag));
const cities = users.map(u => u.meta?.city ?? "unknown");
console.log(cities.join(", "));
const fetchUser = async (id) => {
  await new Promise(r => setTimeout(r, 5 * id));
  const u = users.find(x => x.id === id);
  if (!u) throw new Error(`no user ${id}`);
  return { ...u, fetched: true };
};
class Cache {
  #map = new Map();
  #hits = 0;
  constructor(loader) { this.loader = loader; }
  async get(k) {
    if (this.#map.has(k)) { this.#hits++; return this.#map.get(k); }
    const v = await this.loader(k);
    this.#map.set(k, v);
    return v;
  }
  get stats() { return { size: this.#map.size, hits: this.#hits }; }
}
async function main() {
  const cache = new Cache(fetchUser);
  const results = await Promise.allSettled([1, 2, 4].map(id => cache.get(id)));
  for (const [i, r] of results.entries()) {
    console.log(i, r.status, r.status === "fulfilled" ? r.value.name : r.reason.message);
  }
  await cache.get(1);
  const { size, hits } = cache.stats;
  console.log(`size=${size} hits=${hits}`);
  const sorted = [...users].sort((a, b) => (b.meta?.age ?? 0) - (a.meta?.age ?? 0)).map(({ name }) => name);
  console.log(sorted.join(","));
  const re = /(\w+)@(\w+)\.com/g;
  const emails = "ann@foo.com, bob@bar.com";
  let m; const found = [];
  while ((m = re.exec(emails)) !== null) { const [, user, host] = m; found.push(`${user}/${host}`); }
  console.log(found.join(" "));
  label: for (const u of users) { for (const t of u.tags) { if (t === "dev") { console.log("first dev", u.name); break label; } } }
  try { JSON.parse("{"); } catch ({ name }) { console.log("parse error:", name); }
  const entries = Object.entries({ a: 1, b: 2 }).map(([k, v]) => [k.toUpperCase(), v ** 2]);
  console.log(JSON.stringify(Object.fromEntries(entries)));
}
main().catch(e => console.log("fatal", e));

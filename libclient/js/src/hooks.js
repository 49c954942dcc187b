// Module resolve hook (node:module register): `cloudflare:workers` resolves
// to this package's stand-in; every other specifier goes on unchanged.
const STAND_IN = new URL('./cloudflare-workers.js', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'cloudflare:workers') return { url: STAND_IN, shortCircuit: true }
  return nextResolve(specifier, context)
}

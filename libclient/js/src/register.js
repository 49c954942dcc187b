// `import 'PACKAGE/register'` (or `node --import PACKAGE/register`) installs
// a module loader hook that serves the `cloudflare:workers` module from
// ./cloudflare-workers.js, so @cloudflare/codemode's modules load on Node.
import { register } from 'node:module'

register('./hooks.js', import.meta.url)

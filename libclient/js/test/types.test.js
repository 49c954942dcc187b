// The hand-written declarations compile under strict TypeScript, with a
// fixture that uses them the way the README does (typescript and
// @types/node are test-time installs, like everything else here).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const pkg = join(here, '..')
const require = createRequire(import.meta.url)

test('types/*.d.ts type-check a strict consumer', () => {
  const tsc = require.resolve('typescript/bin/tsc')
  const nodeTypes = dirname(dirname(require.resolve('@types/node/package.json')))
  const capnweb = join(dirname(require.resolve('capnweb')), 'index.d.ts')
  const dir = mkdtempSync(join(tmpdir(), 'cm-types-'))
  try {
    copyFileSync(join(here, 'types-fixture.ts'), join(dir, 'use.ts'))
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
        lib: ['esnext', 'dom'], types: ['node'], typeRoots: [nodeTypes],
        paths: {
          'codemode-executor-client': [join(pkg, 'types/index.d.ts')],
          'codemode-executor-client/protocol': [join(pkg, 'types/protocol.d.ts')],
          'codemode-executor-client/register': [join(pkg, 'types/register.d.ts')],
          capnweb: [capnweb],
        },
      },
      files: ['use.ts', join(pkg, 'types/cloudflare-workers.d.ts')],
    }))
    let out = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' })
    } catch (e) {
      out = String(e.stdout)
    }
    // capnweb's own declarations are not ours to fix; every other line counts.
    const ours = out.split('\n').filter((l) => l.trim() && !l.includes('/capnweb/'))
    assert.deepEqual(ours, [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

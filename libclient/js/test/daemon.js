// Test helper: build/codemode-executord on a private unix socket, which a
// test may stop and start again (CODEMODE_DAEMON names the binary).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export class Daemon {
  constructor({ port } = {}) {
    this.port = port
    this.binary = process.env.CODEMODE_DAEMON
    if (!this.binary) throw new Error('CODEMODE_DAEMON is not set')
    this.dir = mkdtempSync(join(tmpdir(), 'cm-jsclient-'))
    this.socket = join(this.dir, 'd.sock')
    this.url = `unix://${this.socket}`
    this.child = null
  }

  async start() {
    rmSync(this.socket, { force: true })
    const listen = ['--socket', this.socket]
    if (this.port) listen.push('--port', String(this.port))
    this.child = spawn(this.binary, [...listen, '--max-workers', '2', '--log-level', 'warn'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    for (let i = 0; i < 200 && !existsSync(this.socket); i++) await sleep(25)
    if (!existsSync(this.socket)) throw new Error('the daemon did not start')
    return this
  }

  /** Stops it at once (SIGKILL unless told otherwise) and waits for the exit. */
  async stop(signal = 'SIGKILL') {
    const child = this.child
    if (!child) return
    this.child = null
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    }
    rmSync(this.socket, { force: true })
  }

  async close() {
    await this.stop('SIGTERM')
    rmSync(this.dir, { recursive: true, force: true })
  }
}

export async function startDaemon(options) {
  return new Daemon(options).start()
}

// connect(url, options) -> RemoteExecutor: the Executor contract over a
// WebSocket carrying a capnweb session to an executor server.
import { RpcSession, serialize } from 'capnweb'
import {
  MESSAGE_LIMIT,
  PAYLOAD_LIMIT,
  PayloadPart,
  PayloadTooLargeError,
  RequestTooLargeError,
  stringifyForDispatch,
  CLIENT_RECONNECT_BACKOFF,
  CLIENT_RECONNECT_RETRIES,
  CLIENT_ROTATE_AFTER_EXECUTIONS,
  ExecutorError,
  OUTBOUND_MODE_DISABLED,
  OUTBOUND_MODE_NATIVE,
  OUTBOUND_MODE_STUB,
  DeclaredFailure,
  assertProtocolCompatible,
  describeFailure,
  executorFault,
  listModuleEntries,
  parseForDispatch,
  rehydrateExecutorError,
} from './protocol.js'

const TRANSPORT = 'WebSocket'

// A capnweb string transport over any WebSocket with addEventListener
// (the standard one, undici's, Bun's, Deno's, or the ws package's).
//
// Every message is still its own text frame, in the order capnweb sends
// them, but the frames of one turn leave together: send() queues, and the
// queue is written once the turn's microtasks have run (process.nextTick
// where there is one). An execute's push and its pull, or a result's
// release and the next execute, then cost the daemon one wake-up and us
// one write instead of one each; on a loaded machine each write also
// hands the CPU to the woken daemon in the middle of our turn. Over the ws
// package the frames go in one writev: its socket is corked around them.
class SocketTransport {
  #ws
  #queue = []
  #waiters = []
  #error = null
  #onDead
  #out = []
  #flush = () => this.#flushNow()
  #raw = null

  constructor(ws, onDead) {
    this.#ws = ws
    this.#onDead = onDead
    const deliver = (data) => {
      if (typeof data !== 'string') data = textDecoder.decode(data)
      const waiter = this.#waiters.shift()
      if (waiter) waiter.resolve(data)
      else this.#queue.push(data)
    }
    // The ws package's own event hands over the payload itself; its
    // addEventListener wraps every message in a MessageEvent first.
    this.#raw = wsPackageSocket(ws)
    if (this.#raw !== null) ws.on('message', deliver)
    else ws.addEventListener('message', (event) => deliver(event.data))
    ws.addEventListener('close', (event) => {
      this.#fail(new Error(`the peer closed the WebSocket: ${event.code} ${event.reason || ''}`.trim()))
    })
    ws.addEventListener('error', (event) => {
      this.#fail(new Error(`the WebSocket failed: ${event?.message || event?.error?.message || 'error'}`))
    })
  }

  #fail(error) {
    if (this.#error) return
    this.#error = error
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error)
    this.#onDead(error)
  }

  get dead() {
    return this.#error !== null
  }

  send(message) {
    if (this.#error) throw this.#error
    if (this.#out.push(message) === 1) endOfTurn(this.#flush)
  }

  // Writes what the turn queued. A failure here reaches capnweb as the
  // transport's death (its read loop rejects), as a throw from send did.
  #flushNow() {
    const out = this.#out
    if (out.length === 0) return
    this.#out = []
    if (this.#error) return
    const raw = this.#raw
    const cork = raw !== null && out.length > 1
    if (cork) raw.cork()
    try {
      if (!cork) for (const m of out) this.#ws.send(m)
      else for (const m of out) sendText(this.#ws, m)
    } catch (e) {
      this.#fail(e instanceof Error ? e : new Error(describeFailure(e)))
    } finally {
      if (cork) raw.uncork()
    }
  }

  receive() {
    if (this.#queue.length > 0) return Promise.resolve(this.#queue.shift())
    if (this.#error) return Promise.reject(this.#error)
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }))
  }

  abort(reason) {
    this.close(3000, describeFailure(reason))
  }

  close(code = 1000, reason = '') {
    // What the turn queued (capnweb's abort message among it) goes first.
    this.#flushNow()
    // A close reason is at most 123 bytes of UTF-8 (41 code units always fit).
    let r = String(reason)
    if (r.length > 41) while (utf8Length(r) > 123) r = r.slice(0, -1)
    try {
      this.#ws.close(code, r)
    } catch {
      try { this.#ws.close() } catch { /* already closed */ }
    }
    this.#fail(new Error(`the WebSocket was closed: ${r || code}`))
  }
}

const textDecoder = new TextDecoder()

// The ws package's socket under a WebSocket of that package (a net.Socket
// it writes frames to), or null for any other WebSocket: only that
// package's send takes options, and its socket can be corked.
function wsPackageSocket(ws) {
  if (typeof ws.on !== 'function' || typeof ws.send !== 'function') return null
  const raw = ws._socket
  if (raw === undefined || raw === null || typeof raw.cork !== 'function' ||
      typeof raw.uncork !== 'function') return null
  return raw
}

// In a corked batch of frames, below this many code units a text goes to
// the ws package as UTF-8 bytes marked as text: it then masks them into
// the frame's own buffer and the batch carries header and payload as one
// chunk, where a string costs a second measure of its length and two
// chunks per frame. Larger texts keep the string path, which masks in
// place without a copy. A lone frame keeps it too: measured (valgrind
// instruction counts, bench.mjs), the bytes gained nothing there.
const SMALL_FRAME = 16384
const SEND_TEXT = { binary: false }

function sendText(ws, m) {
  if (m.length < SMALL_FRAME) ws.send(Buffer.from(m), SEND_TEXT)
  else ws.send(m)
}

// Runs fn once the current turn's microtasks have run: process.nextTick
// (Node, Bun, Deno's node compatibility) runs after the microtask queue
// drains, so every message a chain of promise reactions sends is queued by
// then; elsewhere a microtask queued behind them is the nearest equivalent.
const endOfTurn = typeof process === 'object' && process !== null && typeof process.nextTick === 'function'
  ? (fn) => process.nextTick(fn)
  : (fn) => queueMicrotask(() => queueMicrotask(fn))

function rejected(address, reason) {
  return executorFault('CONNECTION_REJECTED', { address, reason })
}

function broken(reason) {
  return executorFault('CONNECTION_BROKEN', { transport: TRANSPORT, reason })
}

// The URL a WebSocket constructor is given. unix:///path/to.sock becomes
// the ws package's ws+unix form; a standard constructor cannot reach one.
function socketTarget(url, options) {
  let parsed
  try {
    parsed = new URL(url)
  } catch {
    throw rejected(url, 'the address is not a URL')
  }
  if (parsed.protocol === 'unix:') {
    if (!options.websocket)
      throw rejected(url, 'a unix socket needs a WebSocket constructor that can reach one, such as the ws package passed as the websocket option')
    return `ws+unix://${decodeURIComponent(parsed.pathname)}:/`
  }
  if (parsed.protocol === 'ws+unix:') {
    if (!options.websocket) throw rejected(url, 'a unix socket needs the websocket option')
    return url
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    parsed.protocol = parsed.protocol === 'http:' ? 'ws:' : 'wss:'
    return parsed.href
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:')
    throw rejected(url, `the scheme ${parsed.protocol} is not ws, wss or unix`)
  return url
}

function openSocket(url, options) {
  return new Promise((resolve, reject) => {
    let target
    let ws
    try {
      if (options.headers && !options.websocket)
        throw rejected(url, 'handshake headers need the websocket option, because the standard WebSocket constructor cannot send them')
      target = socketTarget(url, options)
      const Ctor = options.websocket ?? globalThis.WebSocket
      if (typeof Ctor !== 'function')
        throw rejected(url, 'this runtime has no global WebSocket; pass a constructor as the websocket option')
      // A constructor of ours (the ws package) is told the protocol's
      // message limit, so it takes every message the server may send and
      // refuses what no conforming server sends; the standard one has no
      // such setting and ignores the argument.
      const settings = { maxPayload: MESSAGE_LIMIT }
      if (options.headers) settings.headers = options.headers
      ws = options.websocket ? new Ctor(target, [], settings) : new Ctor(target)
    } catch (e) {
      reject(e instanceof ExecutorError ? e : rejected(url, describeFailure(e)))
      return
    }
    const done = (fn) => {
      ws.removeEventListener('open', onOpen)
      ws.removeEventListener('error', onError)
      ws.removeEventListener('close', onClose)
      fn()
    }
    const onOpen = () => done(() => resolve(ws))
    const onError = (event) =>
      done(() => reject(rejected(url, event?.message || event?.error?.message || 'the WebSocket failed to open')))
    const onClose = (event) =>
      done(() => reject(rejected(url, `the server closed the WebSocket: ${event?.code ?? ''} ${event?.reason ?? ''}`.trim())))
    ws.addEventListener('open', onOpen)
    ws.addEventListener('error', onError)
    ws.addEventListener('close', onClose)
  })
}

class Session {
  executions = 0
  inflight = 0
  retiring = false
  closedByUs = false
  deadReason = null

  constructor(ws, onDead) {
    this.transport = new SocketTransport(ws, (error) => {
      this.deadReason = error.message
      onDead(this)
    })
    // capnweb's own receive limit (32 Mi code units by default) is below
    // the protocol's: raised to MESSAGE_LIMIT, so an answer within it
    // never aborts the session (a UTF-8 byte is at least one code unit).
    this.rpc = new RpcSession(this.transport, undefined, { limits: { maxMessageSize: MESSAGE_LIMIT } })
    this.api = this.rpc.getRemoteMain()
  }

  get dead() {
    return this.transport.dead
  }

  close(reason) {
    if (this.closedByUs) return
    this.closedByUs = true
    this.transport.close(1000, reason)
    try { this.api[Symbol.dispose]() } catch { /* the session is gone already */ }
  }
}

async function openSession(url, options, onDead) {
  const ws = await openSocket(url, options)
  const session = new Session(ws, onDead)
  let version
  try {
    version = await session.api.protocolVersion()
  } catch (e) {
    session.close('handshake failed')
    throw rejected(url, `protocolVersion() failed: ${describeFailure(e)}`)
  }
  try {
    assertProtocolCompatible(version)
  } catch (e) {
    session.close('protocol version mismatch')
    throw e
  }
  return session
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function toArrayBuffer(body) {
  if (body instanceof ArrayBuffer) return body
  if (ArrayBuffer.isView(body)) return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)
  return body
}

const utf8Length = typeof Buffer === 'function'
  ? (s) => Buffer.byteLength(s, 'utf8')
  : (s) => new TextEncoder().encode(s).length

// The longest an export reference can be on the wire: a function argument
// is measured as one, so the measure never falls short of what is sent.
const EXPORT_PLACEHOLDER = ['export', -Number.MAX_SAFE_INTEGER]

/**
 * The bytes of the push message a call of `method` with `args` becomes
 * (["push",["pipeline",0,[method],[args...]]]), a function counted as the
 * longest export reference: exact for arguments without functions.
 */
function requestSize(method, args) {
  const plain = args.map((a) => (typeof a === 'function' ? null : a))
  const functions = args.filter((a) => typeof a === 'function').length
  let inner
  try {
    // serialize() escapes the top-level array as [[...]]; the push holds
    // its elements bare.
    inner = serialize(plain).slice(1, -1)
  } catch {
    return 0 // what it cannot measure, the session refuses in its own words
  }
  return utf8Length(`["push",["pipeline",0,[${JSON.stringify(method)}],${inner}]]`) +
    functions * (JSON.stringify(EXPORT_PLACEHOLDER).length - 'null'.length)
}

// Bytes that bound a value's part of the push from above, read off the
// value without serializing it: a string's code unit is at most 6 bytes
// once escaped (\u0001) and 3 in UTF-8, a number at most 24 characters
// (["nan"] and its kin fewer), undefined 13 (["undefined"]), an array
// escaped as [[...]] 4 brackets and a comma per element, an object's key
// as a string. Infinity for anything else (a Date, bytes, a stub, a nested
// function, a class instance) and for deep nesting: the exact measure
// takes those.
function valueBound(v, depth) {
  switch (typeof v) {
    case 'string':
      return 6 * v.length + 2
    case 'number':
      return 24
    case 'boolean':
      return 5
    case 'undefined':
      return 13
    case 'object':
      break
    default:
      return Infinity
  }
  if (v === null) return 4
  if (depth > 32) return Infinity
  let n
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return Infinity
    n = 4 + v.length
    for (let i = 0; i < v.length && n !== Infinity; i++) n += valueBound(v[i], depth + 1)
    return n
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return Infinity
  n = 2
  // for-in, as capnweb's own walk reads an object.
  for (const k in v) {
    n += 6 * k.length + 4 + valueBound(v[k], depth + 1)
    if (n === Infinity) break
  }
  return n
}

const EXPORT_LENGTH = JSON.stringify(EXPORT_PLACEHOLDER).length

// At least requestSize(method, args), at a fraction of its cost (no
// serialization): a call far below the limit is let through on it.
function requestSizeBound(method, args) {
  let n = 32 + 6 * method.length
  for (const a of args) n += 1 + (typeof a === 'function' ? EXPORT_LENGTH : valueBound(a, 0))
  return n
}

// Refuses, before anything is sent, a call the server's message limit
// would refuse by closing the connection under every other call on it.
// The exact measure serializes the arguments a second time (capnweb
// serializes them again to send them): only a call whose bound reaches
// the limit pays for it.
function checkRequestSize(method, args, limit) {
  if (requestSizeBound(method, args) <= limit) return
  const size = requestSize(method, args)
  if (size > limit) throw new RequestTooLargeError({ method, size, limit })
}

function bodyLength(body) {
  if (body === null || body === undefined) return 0
  if (typeof body === 'string') return body.length
  if (typeof body.byteLength === 'number') return body.byteLength
  return 0
}

// The caller's functions the server calls back, their answers bounded by
// PAYLOAD_LIMIT as the server bounds them: past it only that one tool call
// or fetch fails (the run reads the bound's text), and nothing is sent
// that the server would have to refuse with the whole connection.
function boundEnvelope(envelope) {
  if (typeof envelope === 'string' && envelope.length > PAYLOAD_LIMIT) {
    const e = new PayloadTooLargeError({ part: PayloadPart.TOOL_RESULT, size: envelope.length, limit: PAYLOAD_LIMIT })
    return stringifyForDispatch({ error: e.message })
  }
  return envelope
}

// Not an async function: a promise the caller's dispatch returns gets one
// reaction (no async frame of ours around it), and a throw still reaches
// capnweb as a rejection.
function boundedDispatch(dispatch) {
  return (provider, tool, argsJson) => {
    let answer
    try {
      answer = dispatch(provider, tool, argsJson)
    } catch (e) {
      return Promise.reject(e)
    }
    if (answer !== null && (typeof answer === 'object' || typeof answer === 'function') &&
        typeof answer.then === 'function')
      return Promise.resolve(answer).then(boundEnvelope)
    return Promise.resolve(boundEnvelope(answer))
  }
}

function boundedOutbound(outbound) {
  return async (request) => {
    const response = await outbound(request)
    if (response !== null && typeof response === 'object') {
      let size = String(response.statusText ?? '').length + bodyLength(response.body)
      for (const pair of Array.isArray(response.headers) ? response.headers : [])
        if (Array.isArray(pair)) size += String(pair[0] ?? '').length + String(pair[1] ?? '').length
      if (size > PAYLOAD_LIMIT)
        throw new PayloadTooLargeError({ part: PayloadPart.OUTBOUND_RESPONSE, size, limit: PAYLOAD_LIMIT })
    }
    return response
  }
}

function resultFromMessage(msg) {
  const out = {
    result: msg.resultJson === undefined || msg.resultJson === null ? undefined : parseForDispatch(msg.resultJson),
  }
  if (msg.error !== undefined && msg.error !== null) out.error = msg.error
  out.logs = Array.isArray(msg.logs) ? msg.logs : []
  if (typeof msg.executionId === 'string') {
    out.executionId = msg.executionId
    out.handles = Array.isArray(msg.handles) ? msg.handles : []
  }
  return out
}

/** The executor behind one URL: sessions opened, rotated and reopened as ConnectOptions says. */
export class RemoteExecutor {
  #url
  #options
  #rotateAfter
  #retries
  #backoff
  #current = null
  #opening = null
  #sessions = new Set()
  #broken = false
  #disposed = false
  #opened = 0
  #maxMessage

  /** Use connect(); the constructor opens nothing. */
  constructor(url, options = {}) {
    this.#url = url
    this.#options = { ...options }
    this.#rotateAfter = options.rotateAfterExecutions ?? CLIENT_ROTATE_AFTER_EXECUTIONS
    this.#maxMessage = options.maxMessage ?? MESSAGE_LIMIT
    const reconnect = options.reconnect === undefined ? {} : options.reconnect
    if (reconnect === false) {
      this.#retries = 0
      this.#backoff = 0
    } else {
      this.#retries = reconnect.retries ?? CLIENT_RECONNECT_RETRIES
      this.#backoff = reconnect.backoff ?? CLIENT_RECONNECT_BACKOFF
    }
    this.reconnectEnabled = reconnect !== false
  }

  /** Sessions opened so far: the first, then every rotation and reconnect. */
  get sessionsOpened() {
    return this.#opened
  }

  /** Opens the first session (no retry): CONNECTION_REJECTED or PROTOCOL_MISMATCH on failure. */
  async open() {
    const s = await this.#openOne()
    this.#current = s
    return this
  }

  async #openOne() {
    const s = await openSession(this.#url, this.#options, (dead) => {
      if (!dead.closedByUs && dead === this.#current) this.#broken = true
      this.#sessions.delete(dead)
    })
    this.#opened++
    this.#sessions.add(s)
    if (this.#disposed) {
      s.close('disposed')
      throw broken('the executor was disposed')
    }
    return s
  }

  async #openWithRetry() {
    for (let attempt = 0; ; ) {
      try {
        return await this.#openOne()
      } catch (e) {
        if (e?.code === 'PROTOCOL_MISMATCH' || attempt >= this.#retries || this.#disposed) throw e
        attempt++
        await sleep(this.#backoff * attempt)
      }
    }
  }

  // The current session when it can take a call now, else null.
  #ready() {
    const s = this.#current
    return s !== null && !this.#disposed && !s.dead && !s.retiring ? s : null
  }

  async #session() {
    if (this.#disposed) throw broken('the executor was disposed')
    const s = this.#current
    if (s && !s.dead && !s.retiring) return s
    if (!this.#opening) {
      if (this.#broken && !this.reconnectEnabled)
        throw broken('the connection broke and reconnect is disabled')
      this.#opening = this.#openWithRetry().then(
        (fresh) => {
          this.#opening = null
          this.#broken = false
          this.#current = fresh
          return fresh
        },
        (e) => {
          this.#opening = null
          throw e
        },
      )
    }
    return this.#opening
  }

  #release(s) {
    s.inflight--
    if (s.retiring && s.inflight === 0) s.close('rotated')
  }

  #fault(s, e) {
    if (s.dead && !(e?.code && e.code !== 'CONNECTION_BROKEN'))
      return broken(s.deadReason ?? describeFailure(e))
    if (this.#disposed) return broken('the executor was disposed')
    return rehydrateExecutorError(e)
  }

  #take(s, countsAsExecution) {
    if (countsAsExecution) {
      s.executions++
      if (this.#rotateAfter > 0 && s.executions >= this.#rotateAfter) s.retiring = true
    }
    s.inflight++
  }

  async #call(fn, countsAsExecution) {
    const s = this.#ready() ?? await this.#session()
    this.#take(s, countsAsExecution)
    try {
      return await fn(s.api)
    } catch (e) {
      throw this.#fault(s, e)
    } finally {
      this.#release(s)
    }
  }

  /** Runs one execution; a failure of the run arrives as `error`, a fault rejects. */
  async execute(request) {
    const o = this.#options
    const pick = (key) => (request[key] !== undefined ? request[key] : o[key])
    const callOptions = {}
    const timeout = pick('timeout')
    if (timeout !== undefined) callOptions.timeout = timeout
    const countHostWaits = pick('countHostWaits')
    if (countHostWaits !== undefined) callOptions.countHostWaits = countHostWaits
    // Our extension (spec/protocol.md, options.language): sent only when asked for.
    const language = pick('language')
    if (language !== undefined && language !== null) callOptions.language = language
    const modules = pick('modules')
    if (modules !== undefined && modules !== null) {
      try {
        callOptions.modules = listModuleEntries(modules)
      } catch (e) {
        if (e instanceof DeclaredFailure) return { result: undefined, error: e.message, logs: [] }
        throw e
      }
    }
    if (request.retainHandles !== undefined) callOptions.retainHandles = request.retainHandles
    const outbound = pick('outbound')
    const mode = outbound === undefined ? OUTBOUND_MODE_NATIVE
      : outbound === null ? OUTBOUND_MODE_DISABLED : OUTBOUND_MODE_STUB
    const dispatch = typeof request.dispatch === 'function' ? boundedDispatch(request.dispatch) : request.dispatch ?? null
    const args = [String(request.code), request.providers ?? [], callOptions, dispatch, mode]
    if (mode === OUTBOUND_MODE_STUB) args.push(typeof outbound === 'function' ? boundedOutbound(outbound) : outbound)
    checkRequestSize('execute', args, this.#maxMessage)
    // #call's steps inline: an execution is the hot path, and a session
    // ready now is taken without waiting a turn for it.
    const s = this.#ready() ?? await this.#session()
    this.#take(s, true)
    let msg
    try {
      msg = await s.api.execute(...args)
    } catch (e) {
      throw this.#fault(s, e)
    } finally {
      this.#release(s)
    }
    return resultFromMessage(msg)
  }

  /** Calls one handle of a retained execution with a serialized request. */
  async invokeHandle(executionId, handleName, request) {
    checkRequestSize('invokeHandle', [executionId, handleName, request], this.#maxMessage)
    const call = (api) => api.invokeHandle(executionId, handleName, request)
    const routed = await this.#routed(executionId, (ex) => ex.#call(call, false))
    const res = routed ? routed.value : await this.#call(call, false)
    return { ...res, body: toArrayBuffer(res.body) }
  }

  /** Releases a retained execution. */
  async closeHandles(executionId) {
    const call = (api) => api.closeHandles(executionId)
    if (!(await this.#routed(executionId, (ex) => ex.#call(call, false)))) await this.#call(call, false)
  }

  /**
   * The name this executor gives itself in the executionIds it mints
   * (our daemon's --instance-id; spec/protocol.md), or null: none, or an
   * executor that cannot say.
   */
  async instanceId() {
    try {
      const id = await this.#call((api) => api.instanceId(), false)
      return typeof id === 'string' ? id : null
    } catch (e) {
      if (e?.code === 'CONNECTION_BROKEN' || e?.code === 'CONNECTION_REJECTED') throw e
      return null
    }
  }

  // Handle calls among many executors (spec/operations.md, "Running
  // many"). Given several URLs, or a ws:// URL whose host name resolves
  // to several addresses (a headless Service), a call whose executionId
  // carries a name ("<instance>.<hex>") goes to the executor that answers
  // instanceId() with that name: each address is asked once, over an
  // executor of its own. None answering means the one holding the handles
  // is gone, and so are they: HANDLES_CLOSED. Resolves { value } when
  // routed, null when the call takes the ordinary path.
  #routes = null

  async #routeTable() {
    if (!this.#routes) {
      this.#routes = []
      await this.#refreshRoutes()
    }
    return this.#routes
  }

  // Adds the addresses the URLs stand for now (a pod that came up since);
  // known ones keep their state. Resolves how many were added.
  async #refreshRoutes() {
    let added = 0
    for (const u of this.#routeUrls()) {
      for (const url of await expandUrl(u)) {
        if (this.#routes.some((e) => e.url === url)) continue
        this.#routes.push({ url, ready: null })
        added++
      }
    }
    return added
  }

  #routeUrls() {
    return Array.isArray(this.#options.routeUrls) ? this.#options.routeUrls : [this.#url]
  }

  #endpoint(e) {
    if (!e.ready) {
      const options = { ...this.#options, routeUrls: undefined }
      e.ready = (async () => {
        const ex = await new RemoteExecutor(e.url, options).open()
        if (this.#disposed) {
          await ex.dispose()
          throw broken('the executor was disposed')
        }
        try {
          return { ex, instance: await ex.instanceId() }
        } catch (err) {
          await ex.dispose()
          throw err
        }
      })()
      e.ready.catch(() => {
        e.ready = null // a daemon down now may be back for the next call
      })
    }
    return e.ready
  }

  async #routed(executionId, fn) {
    const instance = instanceOf(executionId)
    if (instance === null) return null
    if (!Array.isArray(this.#options.routeUrls) && !namesHost(this.#url)) return null
    const ends = await this.#routeTable()
    if (ends.length <= 1) return null
    let refreshed = false
    for (let attempt = 0; attempt < 2; attempt++) {
      let broke = false
      for (const e of ends) {
        let got
        try {
          got = await this.#endpoint(e)
        } catch {
          continue
        }
        if (got.instance !== instance) continue
        try {
          return { value: await fn(got.ex) }
        } catch (err) {
          if (err?.code !== 'CONNECTION_BROKEN' && err?.code !== 'CONNECTION_REJECTED') throw err
          // Its daemon may be gone: forget it and ask every address again.
          e.ready = null
          await got.ex.dispose()
          broke = true
          break
        }
      }
      // Nobody has the name among the addresses known: a host name may
      // stand for more by now. The loop above sees the ones added.
      if (!broke && !refreshed) {
        refreshed = true
        if (await this.#refreshRoutes()) attempt--
      }
    }
    if (this.#disposed) throw broken('the executor was disposed')
    throw executorFault('HANDLES_CLOSED', { executionId })
  }

  /** Closes every session; calls in flight and later calls meet CONNECTION_BROKEN. */
  async dispose() {
    this.#disposed = true
    for (const e of this.#routes ?? []) {
      const ready = e.ready
      e.ready = null
      if (ready) ready.then(({ ex }) => ex.dispose(), () => {})
    }
    for (const s of [...this.#sessions]) s.close('disposed')
    this.#sessions.clear()
    this.#current = null
  }

  async [Symbol.asyncDispose]() {
    await this.dispose()
  }
}

// The name in front of an executionId ("<instance>.<hex>"), or null.
function instanceOf(executionId) {
  if (typeof executionId !== 'string') return null
  const dot = executionId.lastIndexOf('.')
  if (dot < 1 || dot === executionId.length - 1 || dot > 63) return null
  const name = executionId.slice(0, dot)
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : null
}

// Whether a ws:// URL names a host rather than an address.
function namesHost(url) {
  let parsed
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'http:') return false
  const h = parsed.hostname
  return !(/^[0-9.]+$/.test(h) || h.startsWith('['))
}

// Every address a host name stands for, as URLs (node:dns where there is
// one; elsewhere the URL itself).
async function expandUrl(url) {
  if (!namesHost(url)) return [url]
  let dns
  try {
    dns = await import('node:dns')
  } catch {
    return [url]
  }
  const parsed = new URL(url)
  try {
    const all = await dns.promises.lookup(parsed.hostname, { all: true })
    return all.map(({ address, family }) => {
      const u = new URL(url)
      u.hostname = family === 6 ? `[${address}]` : address
      return u.href
    })
  } catch {
    return [url]
  }
}

/**
 * Opens a session to the executor at `url` and checks its protocol version
 * first. `url` may be a list (an array, or URLs joined by commas): the
 * first takes every call, and invokeHandle/closeHandles go to the one the
 * executionId names.
 */
export async function connect(url, options = {}) {
  const list = Array.isArray(url) ? url : typeof url === 'string' && url.includes(',') ? url.split(',') : null
  if (list) {
    if (list.length === 0) throw rejected(String(url), 'the list of URLs is empty')
    return new RemoteExecutor(list[0], { ...options, routeUrls: [...list] }).open()
  }
  return new RemoteExecutor(url, options).open()
}

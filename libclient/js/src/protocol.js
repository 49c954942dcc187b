// The contract both sides of the wire share: the dispatch codec, the
// envelope dispatch, provider-name validation, module maps, the import
// lift, and the failure surface. Every constant and pinned text comes from
// ./spec.js, which spec/specgen.c generates from spec/protocol.json.
import { SPEC } from './spec.js'
import {
  BINARY_DATA_KEY,
  BINARY_KIND_ARRAYBUFFER,
  BINARY_KIND_UINT8ARRAY,
  BINARY_KIND_VIEW,
  BINARY_TAG,
  EMPTY_LIST,
  EXECUTION_COMPLETED_MESSAGE,
  LIST_SEPARATOR,
  PROTOCOL_VERSION,
} from './spec.js'

export * from './spec.js'

// ---- Texts ----

function fillParam(value) {
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY_LIST : value.map((v) => `"${v}"`).join(LIST_SEPARATOR)
  return String(value)
}

/** Composes text `name` of protocol.json with its params filled in. */
export function composeText(name, params = {}) {
  const t = SPEC.texts[name]
  if (!t) throw new TypeError(`no text named ${name}`)
  let out = t.template
  for (const p of t.params) out = out.split(`<${p}>`).join(fillParam(params[p]))
  return out
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// A pattern for a composed text: the template with every parameter free.
function textPattern(template, params) {
  let src = escapeRegExp(template)
  for (const p of params) src = src.split(escapeRegExp(`<${p}>`)).join('[\\s\\S]*?')
  return src
}

// ---- Failures ----

export const ExecutorErrorCode = Object.freeze(
  Object.fromEntries(Object.keys(SPEC.errorCodes).map((c) => [c, c])),
)

/** A fault: a thrown failure with a code from the taxonomy. */
export class ExecutorError extends Error {
  constructor(code, message, options) {
    super(message, options)
    this.name = 'ExecutorError'
    this.code = code
  }

  get retryable() {
    return SPEC.errorCodes[this.code]?.retryable === true
  }
}

/** Builds the fault of text `textName` (one whose protocol.json entry has a code). */
export function executorFault(textName, params, options) {
  const t = SPEC.texts[textName]
  const Cls = classesByText.get(textName)
  if (Cls && Cls.prototype instanceof ExecutorError) return new Cls(params, options)
  return new ExecutorError(t.code, composeText(textName, params), options)
}

/** The base of every declared failure that is not a fault. */
export class DeclaredFailure extends Error {}

const classesByText = new Map()
const classesByCode = new Map()

// One class per declared failure, its name and text both read from the spec.
function declared(textName) {
  const t = SPEC.texts[textName]
  const Base = t.code ? ExecutorError : DeclaredFailure
  const pattern = new RegExp(`^${textPattern(t.template, t.params)}$`)
  const cls = {
    [t.class]: class extends Base {
      constructor(params = {}, options) {
        const message = composeText(textName, params)
        if (t.code) super(t.code, message, options)
        else super(message, options)
        this.name = t.class
        // The composed values; a parameter called name (a module's) stays here only.
        this.params = Object.fromEntries(t.params.map((p) => [p, params[p]]))
        for (const p of t.params) if (p !== 'name' && p !== 'message') this[p] = params[p]
      }

      static get textName() {
        return textName
      }

      /** Whether `text` reads as this failure's text. */
      static matches(text) {
        return typeof text === 'string' && pattern.test(text)
      }
    },
  }[t.class]
  classesByText.set(textName, cls)
  if (t.code && SPEC.errorCodes[t.code]?.class === t.class) classesByCode.set(t.code, cls)
  return cls
}

export const ExecutionTimeoutError = declared('EXECUTION_TIMEOUT')
{
  // The timeout is recognized by its whole first sentence.
  const t = SPEC.texts.EXECUTION_TIMEOUT
  const first = t.template.slice(0, t.template.indexOf('.') + 1)
  const re = new RegExp(`^${textPattern(first, t.params).replace('[\\s\\S]*?', '\\d+')}`)
  Object.defineProperty(ExecutionTimeoutError, 'matches', {
    value: (text) => typeof text === 'string' && re.test(text),
  })
}
export const MemoryLimitError = declared('MEMORY_LIMIT')
export const OutboundDisabledError = declared('OUTBOUND_DISABLED')
export const ModuleNotFoundError = declared('MODULE_NOT_FOUND')
export const HandlesClosedError = declared('HANDLES_CLOSED')
export const HandleNotFoundError = declared('HANDLE_NOT_FOUND')
export const CompressionAbsentError = declared('COMPRESSION_ABSENT')
export const BufferGrowthAbsentError = declared('BUFFER_GROWTH_ABSENT')
export const CacheStorageAbsentError = declared('CACHE_STORAGE_ABSENT')
export const ToolNotFoundError = declared('TOOL_NOT_FOUND')
export const DispatchEnvelopeError = declared('ENVELOPE_FAULT')
export const PayloadTooLargeError = declared('PAYLOAD_TOO_LARGE')
export const RequestTooLargeError = declared('REQUEST_TOO_LARGE')
export const ValueTooDeepError = declared('VALUE_TOO_DEEP')
export const QueueOverflowError = declared('QUEUE_OVERFLOW')
export const ResponseTooLargeError = declared('RESPONSE_TOO_LARGE')
export const ModuleKeyCollisionError = declared('MODULE_KEY_COLLISION')
export const UnsupportedModuleKindError = declared('UNSUPPORTED_MODULE_KIND')
export const ProviderNamePatternError = declared('PROVIDER_NAME_PATTERN')
export const ProviderNameReservedError = declared('PROVIDER_NAME_RESERVED')
export const ProviderNameReservedWordError = declared('PROVIDER_NAME_RESERVED_WORD')
export const ProviderNameDuplicateError = declared('PROVIDER_NAME_DUPLICATE')
export const RunNeverSettlesError = declared('RUN_NEVER_SETTLES')

/** The payload parts PayloadTooLargeError and ResponseTooLargeError name. */
export const PayloadPart = Object.freeze({ ...SPEC.payloadParts })

/**
 * Rebuilds a typed error from one that crossed the wire: an error whose code
 * is in the taxonomy becomes that code's class with the same message and
 * own properties; anything else is returned untouched.
 */
export function rehydrateExecutorError(error) {
  if (error === null || typeof error !== 'object') return error
  const code = error.code
  if (typeof code !== 'string' || !Object.hasOwn(SPEC.errorCodes, code)) return error
  if (error instanceof ExecutorError) return error
  const Cls = classesByCode.get(code)
  const out = Cls ? Object.create(Cls.prototype) : new ExecutorError(code, String(error.message ?? ''))
  if (Cls) {
    Object.defineProperty(out, 'message', {
      value: String(error.message ?? ''), writable: true, configurable: true,
    })
    Object.defineProperty(out, 'stack', {
      value: `${Cls.name}: ${out.message}`, writable: true, configurable: true,
    })
  }
  for (const key of Object.keys(error)) if (key !== 'stack') out[key] = error[key]
  out.name = Cls ? Cls.name : 'ExecutorError'
  out.code = code
  return out
}

/** The text a failure shows its reader: an error's message, or the value as text. */
export function describeFailure(failure) {
  if (failure instanceof Error) return failure.message
  if (failure !== null && typeof failure === 'object' && typeof failure.message === 'string')
    return failure.message
  return String(failure)
}

/** Throws PROTOCOL_MISMATCH unless the two versions are equal. */
export function assertProtocolCompatible(remoteVersion, localVersion = PROTOCOL_VERSION) {
  if (remoteVersion !== localVersion)
    throw executorFault('PROTOCOL_VERSION_MISMATCH', { local: localVersion, remote: remoteVersion })
}

/** Throws PROTOCOL_MISMATCH when the stub mode arrived without its function. */
export function assertOutboundFetch(outbound) {
  if (typeof outbound !== 'function') throw executorFault('PROTOCOL_STUB_WITHOUT_FUNCTION', {})
}

// ---- Dispatch codec ----

function bytesToBase64(bytes) {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

function base64ToBytes(text) {
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

function encodeBinary(value) {
  if (value instanceof Uint8Array)
    return { [BINARY_TAG]: BINARY_KIND_UINT8ARRAY, [BINARY_DATA_KEY]: bytesToBase64(value) }
  if (value instanceof ArrayBuffer)
    return { [BINARY_TAG]: BINARY_KIND_ARRAYBUFFER, [BINARY_DATA_KEY]: bytesToBase64(new Uint8Array(value)) }
  if (ArrayBuffer.isView(value))
    return {
      [BINARY_TAG]: BINARY_KIND_VIEW,
      [BINARY_DATA_KEY]: bytesToBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)),
    }
  return value
}

const BINARY_KINDS = new Set([BINARY_KIND_UINT8ARRAY, BINARY_KIND_ARRAYBUFFER, BINARY_KIND_VIEW])

// Exactly the two members, a known kind and string data; anything else is data.
function isBinaryEnvelope(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 2 && BINARY_KINDS.has(value[BINARY_TAG]) &&
    typeof value[BINARY_DATA_KEY] === 'string'
}

function decodeBinary(value) {
  return isBinaryEnvelope(value) ? base64ToBytes(value[BINARY_DATA_KEY]) : value
}

const encodeReplacer = (_key, nested) => encodeBinary(nested)
const decodeReviver = (_key, nested) => decodeBinary(nested)

/** JSON text of `value` in the dispatch grammar, binary as tagged base64. */
export function stringifyForDispatch(value) {
  // A primitive holds no bytes: the replacer would change nothing.
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return JSON.stringify(value)
  return JSON.stringify(value, encodeReplacer)
}

// A text can hold a binary envelope only if it spells the tag as a key:
// literally, or with a \u escape (the tag is letters, digits and
// underscores, which JSON writes either as themselves or as \uXXXX). A
// text with neither parses to the same value with or without the reviver,
// which costs a call per value.
const mayHoldBinary = (json) => json.includes(BINARY_TAG) || json.includes('\\u')

/** Parses dispatch JSON, turning every binary envelope back into bytes. */
export function parseForDispatch(json) {
  if (typeof json === 'string' && !mayHoldBinary(json)) return JSON.parse(json)
  return JSON.parse(json, decodeReviver)
}

/** Rebuilds binary inside a value that already crossed as data. */
export function decodeDispatchValue(value) {
  if (isBinaryEnvelope(value)) return decodeBinary(value)
  if (Array.isArray(value)) return value.map(decodeDispatchValue)
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) &&
      !(value instanceof ArrayBuffer)) {
    const out = {}
    for (const [k, v] of Object.entries(value)) out[k] = decodeDispatchValue(v)
    return out
  }
  return value
}

/** The argument list of one tool call: '' is none, an array is the list, anything else one argument. */
export function parseDispatchArguments(argsJson) {
  if (argsJson === '' || argsJson === undefined || argsJson === null) return []
  const parsed = parseForDispatch(argsJson)
  return Array.isArray(parsed) ? parsed : [parsed]
}

/**
 * Wraps a responder into a ToolDispatchFn: its return value becomes
 * {result}, its throw {error}, and once state.active is false every call is
 * answered with the completed envelope without reaching the responder.
 */
export function createEnvelopeDispatch(state, respond) {
  return async (provider, tool, argsJson) => {
    if (!state.active) return stringifyForDispatch({ error: EXECUTION_COMPLETED_MESSAGE })
    let result
    try {
      result = await respond(provider, tool, argsJson)
    } catch (e) {
      return stringifyForDispatch({ error: describeFailure(e) })
    }
    try {
      // A primitive result (the common answer) needs no walk for bytes.
      if (result === null || (typeof result !== 'object' && typeof result !== 'function'))
        return JSON.stringify({ result })
      return stringifyForDispatch({ result })
    } catch (e) {
      return stringifyForDispatch({ error: describeFailure(e) })
    }
  }
}

// ---- Provider names ----

export const RESERVED_PROVIDER_NAMES = Object.freeze(new Set(Object.keys(SPEC.reservedProviderNames)))
export const JAVASCRIPT_RESERVED_WORDS = Object.freeze(new Set(Object.keys(SPEC.reservedWords)))
export const PROVIDER_NAME_PATTERN = new RegExp(SPEC.providerNamePattern)

/** The failure text of the first provider name that cannot be declared, or null. */
export function validateProviders(providers) {
  const seen = new Set()
  for (const provider of providers ?? []) {
    const name = provider?.name
    const text = String(name)
    if (typeof name !== 'string' || !PROVIDER_NAME_PATTERN.test(name))
      return composeText('PROVIDER_NAME_PATTERN', { name: text })
    if (RESERVED_PROVIDER_NAMES.has(name)) return composeText('PROVIDER_NAME_RESERVED', { name })
    if (JAVASCRIPT_RESERVED_WORDS.has(name)) return composeText('PROVIDER_NAME_RESERVED_WORD', { name })
    if (seen.has(name)) return composeText('PROVIDER_NAME_DUPLICATE', { name })
    seen.add(name)
  }
  return null
}

// ---- Module maps ----

const MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs']

/**
 * A module key as the map reads it: leading ./ dropped, then every trailing
 * .js, .mjs or .cjs, so normalizing twice reads the same as once.
 */
export function normalizeModuleName(name) {
  let n = String(name)
  while (n.startsWith('./')) n = n.slice(2)
  for (let again = true; again; ) {
    again = false
    for (const ext of MODULE_EXTENSIONS)
      if (n.length > ext.length && n.endsWith(ext)) {
        n = n.slice(0, -ext.length)
        again = true
      }
  }
  return n
}

/** Renders a value as the module source `export default <json>;`. */
export function renderJsonModule(value) {
  return `export default ${stringifyForDispatch(value)};`
}

function isBinaryValue(v) {
  return v instanceof ArrayBuffer || ArrayBuffer.isView(v) || isBinaryEnvelope(v)
}

function wireSource(name, source) {
  if (typeof source === 'string') return source
  if (source === null || typeof source !== 'object' || Array.isArray(source) ||
      Object.keys(source).length !== 1)
    throw new UnsupportedModuleKindError({ name })
  const [kind] = Object.keys(source)
  const v = source[kind]
  if (kind === 'js' && typeof v === 'string') return v
  if (kind === 'json') return renderJsonModule(v)
  if ((kind === 'cjs' || kind === 'text') && typeof v === 'string') return { [kind]: v }
  if (kind === 'data' && isBinaryValue(v))
    return { data: isBinaryEnvelope(v) ? v : encodeBinary(v) }
  throw new UnsupportedModuleKindError({ name })
}

/**
 * The [name, source] pairs the wire carries for a ModuleMap, in map order,
 * names normalized and json sources rendered. Throws ModuleKeyCollisionError
 * or UnsupportedModuleKindError for a map that cannot cross.
 */
export function listModuleEntries(modules) {
  const out = []
  const originals = new Map()
  for (const [key, source] of Object.entries(modules ?? {})) {
    const name = normalizeModuleName(key)
    if (originals.has(name))
      throw new ModuleKeyCollisionError({ first: originals.get(name), second: key, normalized: name })
    originals.set(name, key)
    out.push([name, wireSource(key, source)])
  }
  return out
}

// ---- The import lift ----

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/

function skipTrivia(s, i) {
  while (i < s.length) {
    const c = s[i]
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f' || c === '\ufeff') i++
    else if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n') i++
    } else if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2)
      if (end < 0) return s.length
      i = end + 2
    } else break
  }
  return i
}

function skipString(s, i) {
  const q = s[i++]
  while (i < s.length && s[i] !== q) {
    if (s[i] === '\\' && i + 1 < s.length) i++
    else if (s[i] === '\n') return s.length
    i++
  }
  return i < s.length ? i + 1 : s.length
}

// Offset past the specifier of the import declaration at `pos`, or 0 when none starts there.
function declarationEnd(s, pos) {
  if (!s.startsWith('import', pos)) return 0
  let i = pos + 6
  if (i < s.length && IDENT_CHAR.test(s[i])) return 0
  i = skipTrivia(s, i)
  if (s[i] === '(' || s[i] === '.') return 0
  let depth = 0
  while ((i = skipTrivia(s, i)) < s.length) {
    const c = s[i]
    if (c === '"' || c === "'") {
      i = skipString(s, i)
      if (depth === 0) return i
      continue
    }
    if (c === '{') depth++
    else if (c === '}' && depth > 0) depth--
    else if (c === ';' && depth === 0) return s.length
    i++
  }
  return s.length
}

/**
 * Splits the leading import block off an entry, a line at a time: the line
 * a declaration ends on goes with it whole. Returns { imports, body }.
 */
export function separateImports(code) {
  const s = String(code ?? '')
  let pos = 0
  let lifted = 0
  let body = 0
  for (;;) {
    const at = skipTrivia(s, pos)
    let end
    if (at >= s.length || (end = declarationEnd(s, at)) === 0) break
    while (end < s.length && s[end] !== '\n') end++
    lifted = end
    body = end < s.length ? end + 1 : s.length
    pos = body
    if (end >= s.length) break
  }
  if (lifted > 0 && lifted < s.length && s[lifted] === '\n' && s[lifted - 1] === '\r') lifted--
  return { imports: s.slice(0, lifted), body: s.slice(body) }
}

// CodemodeExecutor: any of our executors in the @cloudflare/codemode
// dialect. The dialect's own rules (read from @cloudflare/codemode 0.5.6)
// live here: the model-output cleanup, the reserved names and their texts,
// tool-name sanitizing and the collision text, the log prefixes, the
// connector control markers, and the one-sentence timeout.
import {
  ExecutionTimeoutError,
  TIMEOUT_MESSAGE,
  createEnvelopeDispatch,
  describeFailure,
  parseDispatchArguments,
  stringifyForDispatch,
  ToolNotFoundError,
} from './protocol.js'
import { normalizeCode } from './normalize.js'

export { normalizeCode }

// What the dialect answers a tool call made after its run settled.
export const LATE_CALL_MESSAGE =
  'The code execution finished before this tool call settled. Await every tool call before returning.'

// Words the dialect's sanitizer suffixes with `_` (its own list, which is
// wider than ECMAScript's: it keeps the old Java-era future reserved words).
const DIALECT_RESERVED_WORDS = new Set(`abstract arguments await boolean break byte case catch char
class const continue debugger default delete do double else enum eval export extends false final
finally float for function goto if implements import in instanceof int interface let long native new
null package private protected public return short static super switch synchronized this throw throws
transient true try typeof undefined var void volatile while with yield`.split(/\s+/))

// Names the dialect's generated module binds itself, refused as provider or connector names.
const DIALECT_RESERVED_NAMES = new Set([
  '__dispatchers', '__connectors', '__logs', '__CODEMODE_BINARY_TAG', '__bytesToBase64',
  '__base64ToBytes', '__encodeCodemodeValue', '__decodeCodemodeValue', '__stringifyForCodemode',
  '__parseForCodemode', 'WorkerEntrypoint', 'CodeExecutor', 'Promise', 'setTimeout', 'Error', 'console',
])

const IDENTIFIER = /^[a-zA-Z_$][a-zA-Z0-9_$]*$/

/** The key of a connector's control answer, and the marker a pause throws. */
export const CONNECTOR_CONTROL_KEY = '__codemode_control__'
export const PAUSE_SENTINEL = '__CODEMODE_PAUSE__'

const DEFAULT_PROVIDER = 'codemode'

/** The dialect's name rule for one tool name. */
export function sanitizeToolName(name) {
  if (!name) return '_'
  let out = String(name).replace(/[-.\s]/g, '_').replace(/[^a-zA-Z0-9_$]/g, '')
  if (!out) return '_'
  if (/^[0-9]/.test(out)) out = `_${out}`
  if (DIALECT_RESERVED_WORDS.has(out)) out = `${out}_`
  return out
}

/** The dialect's text for two tool names of one provider that sanitize alike. */
export function formatSanitizeCollision(providerName, firstTool, secondTool, sanitized) {
  return `Tool names "${firstTool}" and "${secondTool}" both sanitize to "${sanitized}" in provider "${providerName}"`
}

function toolNames(provider) {
  return Object.keys(provider.fns ?? {})
}

/** The collision text of the first pair of tool names in one provider that sanitize alike, or null. */
export function detectSanitizeCollision(providers) {
  for (const provider of providers) {
    const seen = new Map()
    for (const name of toolNames(provider)) {
      const sanitized = sanitizeToolName(name)
      const first = seen.get(sanitized)
      if (first !== undefined && first !== name)
        return formatSanitizeCollision(provider.name, first, name, sanitized)
      seen.set(sanitized, name)
    }
  }
  return null
}

/** The dialect's rejection text for a provider or connector declaration it refuses, or null. */
export function validateExecution(providers, connectors = []) {
  const seen = new Set()
  for (const { name } of providers) {
    if (DIALECT_RESERVED_NAMES.has(name)) return `Provider name "${name}" is reserved`
    if (!IDENTIFIER.test(name)) return `Provider name "${name}" is not a valid JavaScript identifier`
    if (seen.has(name)) return `Duplicate provider name "${name}"`
    seen.add(name)
  }
  for (const { name } of connectors) {
    if (DIALECT_RESERVED_NAMES.has(name)) return `Connector name "${name}" is reserved`
    if (!IDENTIFIER.test(name)) return `Connector name "${name}" is not a valid JavaScript identifier`
    if (seen.has(name)) return `Duplicate name "${name}" (connector clashes with provider)`
    seen.add(name)
  }
  return null
}

/**
 * Dialect providers and connectors as an ExecutionPlan: the descriptors that
 * cross the wire, and the handlers (keyed provider, then sanitized tool)
 * that stay in this process. A connector shadows a provider of its name.
 */
export function planExecution(providers, connectors = []) {
  const connectorNames = new Set(connectors.map((c) => c.name))
  const descriptors = []
  const handlers = new Map()
  for (const provider of providers) {
    if (connectorNames.has(provider.name)) continue
    const tools = new Map()
    for (const [name, fn] of Object.entries(provider.fns ?? {})) {
      const sanitized = sanitizeToolName(name)
      if (!tools.has(sanitized)) tools.set(sanitized, (args) => fn(...args))
    }
    handlers.set(provider.name, tools)
    const d = { name: provider.name, tools: [...tools.keys()], positionalArgs: provider.positionalArgs ?? true }
    if (provider.prelude !== undefined) d.prelude = provider.prelude
    if (provider.proxySource !== undefined) d.proxySource = provider.proxySource
    descriptors.push(d)
  }
  for (const connector of connectors) {
    const binding = connector.binding
    const call = async (tool, args) => {
      const answer = await binding.callTool(tool, args[0])
      if (answer && typeof answer === 'object') {
        if (answer[CONNECTOR_CONTROL_KEY] === 'pause') throw new Error(PAUSE_SENTINEL)
        if (answer[CONNECTOR_CONTROL_KEY] === 'error') throw new Error(String(answer.message))
      }
      return answer
    }
    handlers.set(connector.name, { connector: call })
    descriptors.push({ name: connector.name, tools: [], positionalArgs: true })
  }
  return { descriptors, handlers }
}

function renderLogs(logs) {
  return (logs ?? []).map((line) =>
    line.level === 'warn' ? `[warn] ${line.text}` : line.level === 'error' ? `[error] ${line.text}` : line.text)
}

function renderError(error) {
  return ExecutionTimeoutError.matches(error) ? TIMEOUT_MESSAGE : error
}

/**
 * @cloudflare/codemode's Executor over one of ours: execute(code,
 * providersOrFns, options) resolves to {result, error?, logs?} and never
 * throws.
 */
export class CodemodeExecutor {
  #executor
  #defaults

  constructor(executor, options = {}) {
    this.#executor = executor
    this.#defaults = { outbound: null, ...options }
  }

  /** The executor underneath. */
  get executor() {
    return this.#executor
  }

  async execute(code, providersOrFns, options = {}) {
    const logs = []
    try {
      let providers
      if (!Array.isArray(providersOrFns)) {
        console.warn('[codemode-executor-client] Passing raw fns to execute() is deprecated in the codemode dialect; pass ResolvedProvider[] instead.')
        providers = [{ name: DEFAULT_PROVIDER, fns: providersOrFns ?? {} }]
      } else providers = providersOrFns
      const connectors = options.connectors ?? []
      const refused = validateExecution(providers, connectors) ?? detectSanitizeCollision(providers)
      if (refused) return { result: undefined, error: refused }
      const plan = planExecution(providers, connectors)
      const state = { active: true }
      const answer = createEnvelopeDispatch(state, async (provider, tool, argsJson) => {
        const tools = plan.handlers.get(provider)
        if (tools?.connector) return tools.connector(tool, parseDispatchArguments(argsJson))
        const fn = tools?.get(tool)
        if (!fn) throw new ToolNotFoundError({ tool })
        return fn(parseDispatchArguments(argsJson))
      })
      // Late calls get the dialect's text, not the protocol's completed one.
      const dispatch = (provider, tool, argsJson) =>
        state.active ? answer(provider, tool, argsJson)
          : Promise.resolve(stringifyForDispatch({ error: LATE_CALL_MESSAGE }))
      const pick = (key) => (key in options ? options[key] : this.#defaults[key])
      const request = {
        code: normalizeCode(code),
        providers: plan.descriptors,
        dispatch,
        countHostWaits: true,
        outbound: pick('outbound'),
      }
      const timeout = pick('timeout')
      if (timeout !== undefined) request.timeout = timeout
      const modules = pick('modules')
      if (modules !== undefined) request.modules = modules
      // `typescript: true` lets the model's code carry erasable type syntax.
      const typescript = pick('typescript')
      if (typescript) request.language = 'typescript'
      let res
      try {
        res = await this.#executor.execute(request)
      } finally {
        state.active = false
      }
      const out = { result: res.result, logs: renderLogs(res.logs) }
      if (res.error !== undefined) return { result: undefined, error: renderError(res.error), logs: out.logs }
      return out
    } catch (e) {
      return { result: undefined, error: describeFailure(e), logs }
    }
  }
}

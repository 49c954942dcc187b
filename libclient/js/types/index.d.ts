// codemode-executor-client: the remote executor, the @cloudflare/codemode
// adapter, and the whole protocol surface.
import type {
  ExecuteRequest,
  ExecuteResult,
  Executor,
  ModuleMap,
  OutboundFetchFn,
  OutboundRequestMessage,
  OutboundResponseMessage,
  ProviderDescriptor,
} from './protocol.js'

export * from './protocol.js'

/** A WebSocket constructor: the standard one, or one (like the ws package's) that also takes options with headers. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[], options?: { headers?: Record<string, string> }) => WebSocket

export type ConnectOptions = {
  /** The constructor sessions build their socket from; default the runtime's global WebSocket. Required for unix:// URLs (pass the ws package's). */
  websocket?: WebSocketConstructor
  /** Handshake headers; without websocket, connect rejects with CONNECTION_REJECTED. */
  headers?: Record<string, string>
  /** Executions per session before it is retired and a fresh one opened; default 100. */
  rotateAfterExecutions?: number
  /** How a call that finds no live session reopens one; default { retries: 3, backoff: 250 } (waits 250, 500, 750 ms); false disables. */
  reconnect?: { retries?: number; backoff?: number } | false
  /** Per-connection defaults that the same request fields override. */
  timeout?: number | null
  countHostWaits?: boolean
  modules?: ModuleMap
  outbound?: OutboundFetchFn | null
  /** Our extension: the default language of requests that name none. */
  language?: 'javascript' | 'typescript'
  /** The server's message limit in bytes; default MESSAGE_LIMIT. A request past it rejects with RequestTooLargeError before anything is sent. */
  maxMessage?: number
}

export declare class RemoteExecutor implements Executor {
  constructor(url: string, options?: ConnectOptions)
  /** Sessions opened so far: the first, then every rotation and reconnect. */
  readonly sessionsOpened: number
  readonly reconnectEnabled: boolean
  open(): Promise<this>
  execute(request: ExecuteRequest): Promise<ExecuteResult>
  invokeHandle(executionId: string, handleName: string, request: OutboundRequestMessage): Promise<OutboundResponseMessage>
  closeHandles(executionId: string): Promise<void>
  /** Our extension: the name the executor gives itself in its executionIds (--instance-id), or null. */
  instanceId(): Promise<string | null>
  dispose(): Promise<void>
  [Symbol.asyncDispose](): Promise<void>
}

/**
 * Opens a session to the executor at url (ws://, wss://, http(s):// or unix:///path), protocolVersion() first.
 * A list (an array, or URLs joined by commas): the first takes every call, and invokeHandle/closeHandles
 * go to the executor the executionId names; a ws:// host name standing for many addresses routes the same way.
 */
export declare function connect(url: string | string[], options?: ConnectOptions): Promise<RemoteExecutor>

// ---- The @cloudflare/codemode dialect ----

/** A dialect provider: tool functions keyed by name, exposed as name.tool() in the sandbox. */
export type ResolvedProvider = {
  name: string
  fns: Record<string, (...args: unknown[]) => Promise<unknown>>
  prelude?: string
}

/** A dialect provider with the two descriptor members the protocol adds. */
export type ExtendedProvider = ResolvedProvider & {
  /** Default true, as the dialect passes every argument; false sends the first argument alone. */
  positionalArgs?: boolean
  /** Source that replaces the generated proxy for this provider. */
  proxySource?: string
}

export type ConnectorBinding = {
  name: string
  binding: { callTool(method: string, args: unknown): Promise<unknown> }
}

export type ExecuteOptions = { connectors?: ConnectorBinding[] }

/** The dialect's options plus modules, timeout and outbound per call. */
export type ExtendedExecuteOptions = ExecuteOptions & {
  modules?: ModuleMap
  timeout?: number | null
  outbound?: OutboundFetchFn | null
  /** Accept erasable TypeScript in the model's code (our extension). */
  typescript?: boolean
}

export type CodemodeExecutorOptions = {
  modules?: ModuleMap
  timeout?: number | null
  /** Default null (no network), the dialect's default; undefined leaves it to the wrapped executor. */
  outbound?: OutboundFetchFn | null
  /** Accept erasable TypeScript in the model's code (our extension); default false. */
  typescript?: boolean
}

/** The dialect's result: logs as strings with its [warn] and [error] prefixes. */
export type CodemodeExecuteResult = { result: unknown; error?: string; logs?: string[] }

export type ToolHandler = (args: unknown[]) => Promise<unknown> | unknown

export type ExecutionPlan = {
  descriptors: ProviderDescriptor[]
  handlers: Map<string, Map<string, ToolHandler> | { connector: (tool: string, args: unknown[]) => Promise<unknown> }>
}

/** @cloudflare/codemode's Executor over any of ours; execute never throws. */
export declare class CodemodeExecutor {
  constructor(executor: Executor, options?: CodemodeExecutorOptions)
  readonly executor: Executor
  execute(
    code: string,
    providersOrFns: Array<ResolvedProvider | ExtendedProvider> | Record<string, (...args: unknown[]) => Promise<unknown>>,
    options?: ExtendedExecuteOptions,
  ): Promise<CodemodeExecuteResult>
}

export declare const CONNECTOR_CONTROL_KEY: string
/** The dialect's answer to a tool call made after its run settled. */
export declare const LATE_CALL_MESSAGE: string
export declare const PAUSE_SENTINEL: string
export declare function normalizeCode(code: string): string
export declare function sanitizeToolName(name: string): string
export declare function detectSanitizeCollision(providers: ReadonlyArray<ResolvedProvider>): string | null
export declare function formatSanitizeCollision(providerName: string, firstTool: string, secondTool: string, sanitized: string): string
export declare function planExecution(providers: ReadonlyArray<ResolvedProvider | ExtendedProvider>, connectors?: ReadonlyArray<ConnectorBinding>): ExecutionPlan
export declare function validateExecution(providers: ReadonlyArray<{ name: string }>, connectors?: ReadonlyArray<{ name: string }>): string | null

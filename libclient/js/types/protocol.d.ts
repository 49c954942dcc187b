// The protocol surface of codemode-executor-client (also at
// 'codemode-executor-client/protocol'). Constant values live in the
// generated src/spec.js; these declarations state their types only.

export type LogLine = { level: 'log' | 'warn' | 'error'; text: string }

export type ToolDispatchFn = (provider: string, tool: string, argsJson: string) => Promise<string>

export type OutboundRequestMessage = {
  method: string
  url: string
  headers: Array<[string, string]>
  body: ArrayBuffer | null
}

export type OutboundResponseMessage = {
  status: number
  statusText: string
  headers: Array<[string, string]>
  body: ArrayBuffer
}

export type OutboundFetchFn = (req: OutboundRequestMessage) => Promise<OutboundResponseMessage>

export type OutboundMode = 'native' | 'stub' | 'disabled'

export type ModuleSource =
  | string
  | { js: string }
  | { cjs: string }
  | { json: unknown }
  | { text: string }
  | { data: Uint8Array | ArrayBuffer | ArrayBufferView }

export type ModuleMap = Record<string, ModuleSource>

export type ModuleEntry = [name: string, source: string | Exclude<ModuleSource, string | { js: string } | { json: unknown }>]

export type ProviderDescriptor = {
  name: string
  tools: Array<string>
  positionalArgs?: boolean
  prelude?: string
  proxySource?: string
}

export type ExecuteRequest = {
  code: string
  providers?: Array<ProviderDescriptor>
  dispatch?: ToolDispatchFn
  modules?: ModuleMap
  timeout?: number | null
  countHostWaits?: boolean
  outbound?: OutboundFetchFn | null
  retainHandles?: boolean
  /** Our extension: 'typescript' strips erasable type syntax before the run; default JavaScript. */
  language?: 'javascript' | 'typescript'
}

export type ExecuteResult = {
  result?: unknown
  error?: string
  logs?: Array<LogLine>
  executionId?: string
  handles?: Array<string>
}

export type ExecuteCallOptions = {
  timeout?: number | null
  countHostWaits?: boolean
  modules?: Array<ModuleEntry>
  retainHandles?: boolean
  language?: 'javascript' | 'typescript'
}

export type ExecuteResultMessage = {
  resultJson?: string
  error?: string
  logs: Array<LogLine>
  executionId?: string
  handles?: Array<string>
}

export interface Executor {
  execute(request: ExecuteRequest): Promise<ExecuteResult>
  invokeHandle(executionId: string, handleName: string, request: OutboundRequestMessage): Promise<OutboundResponseMessage>
  closeHandles(executionId: string): Promise<void>
  dispose(): Promise<void>
}

export type ExecutorApi = {
  protocolVersion(): Promise<number>
  execute(
    code: string,
    providers: Array<ProviderDescriptor>,
    options: ExecuteCallOptions,
    dispatch: ToolDispatchFn | null,
    outboundMode: OutboundMode,
    outbound?: OutboundFetchFn,
  ): Promise<ExecuteResultMessage>
  invokeHandle(executionId: string, handleName: string, request: OutboundRequestMessage): Promise<OutboundResponseMessage>
  closeHandles(executionId: string): Promise<void>
}

// ---- Constants (generated from spec/protocol.json) ----

export declare const SPEC: {
  constants: Record<string, string | number | null>
  payloadParts: Record<string, string>
  texts: Record<string, { class: string | null; template: string; params: string[]; carrier: string[]; origin: string; code: string | null }>
  errorCodes: Record<string, { retryable: boolean; class: string }>
  providerNamePattern: string
  reservedProviderNames: Record<string, string>
  reservedWords: Record<string, string>
}
export declare const PROTOCOL_VERSION: number
export declare const DEFAULT_TIMEOUT: number
export declare const MAX_SUPPORTED_TIMEOUT: number
export declare const PAYLOAD_LIMIT: number
export declare const CONSOLE_CAPTURE_LIMIT: number
export declare const MESSAGE_LIMIT: number
export declare const DEFAULT_GRACE: number
export declare const DEFAULT_MEMORY_LIMIT: number
export declare const DEFAULT_SHUTDOWN_GRACE: number
export declare const BINARY_TAG: string
export declare const BINARY_KIND_UINT8ARRAY: string
export declare const BINARY_KIND_ARRAYBUFFER: string
export declare const BINARY_KIND_VIEW: string
export declare const BINARY_DATA_KEY: string
export declare const TIMEOUT_MESSAGE: string
export declare const EXECUTION_COMPLETED_MESSAGE: string
export declare const CONSOLE_CAPTURE_MESSAGE: string
export declare const LIST_SEPARATOR: string
export declare const EMPTY_LIST: string
export declare const OUTBOUND_MODE_NATIVE: string
export declare const OUTBOUND_MODE_STUB: string
export declare const OUTBOUND_MODE_DISABLED: string
export declare const POOL_MAX_WORKERS: number | null
export declare const POOL_EXECUTIONS_PER_WORKER: number
export declare const POOL_MAX_QUEUE: number
export declare const POOL_RETIRE_AFTER_EXECUTIONS: number
export declare const POOL_WORKER_MEMORY_LIMIT: number
export declare const POOL_TERMINATION_DELAY: number
export declare const POOL_HANDLES_IDLE_TIMEOUT: number
export declare const SERVER_HOST: string
export declare const SERVER_PORT: number
export declare const SERVER_PING_INTERVAL: number
export declare const SERVER_SHUTDOWN_DELAY: number
export declare const SERVER_SHUTDOWN_DRAIN: number
export declare const SERVER_RESPONSE_LIMIT: number | null
export declare const CLIENT_ROTATE_AFTER_EXECUTIONS: number
export declare const CLIENT_RECONNECT_RETRIES: number
export declare const CLIENT_RECONNECT_BACKOFF: number

// ---- Failures ----

export type ExecutorErrorCode =
  | 'QUEUE_OVERFLOW'
  | 'WORKER_CRASHED'
  | 'PROTOCOL_MISMATCH'
  | 'CONNECTION_REJECTED'
  | 'CONNECTION_BROKEN'
  | 'RESPONSE_TOO_LARGE'
  | 'HANDLES_CLOSED'
  | 'INTERNAL'
export declare const ExecutorErrorCode: { readonly [C in ExecutorErrorCode]: C }

export declare class ExecutorError extends Error {
  constructor(code: ExecutorErrorCode, message: string, options?: ErrorOptions)
  code: ExecutorErrorCode
  readonly retryable: boolean
}

export declare class DeclaredFailure extends Error {}

interface DeclaredFailureClass<P, B = DeclaredFailure> {
  new (params: P, options?: ErrorOptions): B & { params: P }
  readonly textName: string
  matches(text: unknown): boolean
}

export declare const ExecutionTimeoutError: DeclaredFailureClass<{ timeout: number }>
export type ExecutionTimeoutError = InstanceType<typeof ExecutionTimeoutError>
export declare const MemoryLimitError: DeclaredFailureClass<{ memoryLimit: number }>
export type MemoryLimitError = InstanceType<typeof MemoryLimitError>
export declare const OutboundDisabledError: DeclaredFailureClass<{}>
export type OutboundDisabledError = InstanceType<typeof OutboundDisabledError>
export declare const ModuleNotFoundError: DeclaredFailureClass<{ name: string; declared: string[] }>
export type ModuleNotFoundError = InstanceType<typeof ModuleNotFoundError>
export declare const HandlesClosedError: DeclaredFailureClass<{ executionId: string }, ExecutorError>
export type HandlesClosedError = InstanceType<typeof HandlesClosedError>
export declare const HandleNotFoundError: DeclaredFailureClass<{ executionId: string; handleName: string; granted: string[] }>
export type HandleNotFoundError = InstanceType<typeof HandleNotFoundError>
export declare const CompressionAbsentError: DeclaredFailureClass<{ name: string }>
export type CompressionAbsentError = InstanceType<typeof CompressionAbsentError>
export declare const BufferGrowthAbsentError: DeclaredFailureClass<{ name: string }>
export type BufferGrowthAbsentError = InstanceType<typeof BufferGrowthAbsentError>
export declare const CacheStorageAbsentError: DeclaredFailureClass<{}>
export type CacheStorageAbsentError = InstanceType<typeof CacheStorageAbsentError>
export declare const ToolNotFoundError: DeclaredFailureClass<{ tool: string }>
export type ToolNotFoundError = InstanceType<typeof ToolNotFoundError>
export declare const DispatchEnvelopeError: DeclaredFailureClass<{}>
export type DispatchEnvelopeError = InstanceType<typeof DispatchEnvelopeError>
export declare const PayloadTooLargeError: DeclaredFailureClass<{ part: string; size: number; limit: number }>
export type PayloadTooLargeError = InstanceType<typeof PayloadTooLargeError>
export declare const RequestTooLargeError: DeclaredFailureClass<{ method: string; size: number; limit: number }>
export type RequestTooLargeError = InstanceType<typeof RequestTooLargeError>
export declare const ValueTooDeepError: DeclaredFailureClass<{ part: string; limit: number }>
export type ValueTooDeepError = InstanceType<typeof ValueTooDeepError>
export declare const QueueOverflowError: DeclaredFailureClass<{ maxQueue: number }, ExecutorError>
export type QueueOverflowError = InstanceType<typeof QueueOverflowError>
export declare const ResponseTooLargeError: DeclaredFailureClass<{ part: string; size: number; limit: number }, ExecutorError>
export type ResponseTooLargeError = InstanceType<typeof ResponseTooLargeError>
export declare const ModuleKeyCollisionError: DeclaredFailureClass<{ first: string; second: string; normalized: string }>
export type ModuleKeyCollisionError = InstanceType<typeof ModuleKeyCollisionError>
export declare const UnsupportedModuleKindError: DeclaredFailureClass<{ name: string }>
export type UnsupportedModuleKindError = InstanceType<typeof UnsupportedModuleKindError>
export declare const ProviderNamePatternError: DeclaredFailureClass<{ name: string }>
export type ProviderNamePatternError = InstanceType<typeof ProviderNamePatternError>
export declare const ProviderNameReservedError: DeclaredFailureClass<{ name: string }>
export type ProviderNameReservedError = InstanceType<typeof ProviderNameReservedError>
export declare const ProviderNameReservedWordError: DeclaredFailureClass<{ name: string }>
export type ProviderNameReservedWordError = InstanceType<typeof ProviderNameReservedWordError>
export declare const ProviderNameDuplicateError: DeclaredFailureClass<{ name: string }>
export type ProviderNameDuplicateError = InstanceType<typeof ProviderNameDuplicateError>
export declare const RunNeverSettlesError: DeclaredFailureClass<{}>
export type RunNeverSettlesError = InstanceType<typeof RunNeverSettlesError>

export type PayloadPart = 'RUN_ANSWER' | 'TOOL_CALL' | 'OUTBOUND_REQUEST' | 'HANDLE_ANSWER' | 'TOOL_RESULT' | 'OUTBOUND_RESPONSE'
export declare const PayloadPart: { readonly [P in PayloadPart]: string }

export declare function composeText(name: string, params?: Record<string, unknown>): string
export declare function executorFault(textName: string, params: Record<string, unknown>, options?: ErrorOptions): ExecutorError
export declare function rehydrateExecutorError<T>(error: T): T | ExecutorError
export declare function describeFailure(failure: unknown): string
export declare function assertProtocolCompatible(remoteVersion: number, localVersion?: number): void
export declare function assertOutboundFetch(outbound: unknown): asserts outbound is OutboundFetchFn

// ---- Dispatch ----

export type DecodedDispatchValue<T> = T extends { __executor_binary_v1__: string; data: string }
  ? Uint8Array
  : T extends Array<infer U>
    ? Array<DecodedDispatchValue<U>>
    : T extends object
      ? { [K in keyof T]: DecodedDispatchValue<T[K]> }
      : T

export declare function stringifyForDispatch(value: unknown): string
export declare function parseForDispatch(json: string): unknown
export declare function decodeDispatchValue<T>(value: T): DecodedDispatchValue<T>
export declare function parseDispatchArguments(argsJson: string): unknown[]
export declare function createEnvelopeDispatch(
  state: { active: boolean },
  respond: (provider: string, tool: string, argsJson: string) => unknown | Promise<unknown>,
): ToolDispatchFn

// ---- Providers, modules, imports ----

export declare const RESERVED_PROVIDER_NAMES: ReadonlySet<string>
export declare const JAVASCRIPT_RESERVED_WORDS: ReadonlySet<string>
export declare const PROVIDER_NAME_PATTERN: RegExp
export declare function validateProviders(providers: ReadonlyArray<{ name: string }>): string | null
export declare function normalizeModuleName(name: string): string
export declare function listModuleEntries(modules: ModuleMap): Array<ModuleEntry>
export declare function renderJsonModule(value: unknown): string
export declare function separateImports(code: string): { imports: string; body: string }

// The stand-in `cloudflare:workers` module the register hook serves.
import { RpcTarget as CapnwebRpcTarget } from 'capnweb'

export declare const RpcTarget: typeof CapnwebRpcTarget
export declare class WorkerEntrypoint<Env = unknown> extends CapnwebRpcTarget {
  constructor(ctx?: unknown, env?: Env)
  ctx: unknown
  env: Env
}
export declare class DurableObject<Env = unknown> extends CapnwebRpcTarget {
  constructor(ctx?: unknown, env?: Env)
  ctx: unknown
  env: Env
}
export declare class WorkflowEntrypoint<Env = unknown> extends WorkerEntrypoint<Env> {}
export declare const env: Record<string, unknown>
declare const _default: {
  RpcTarget: typeof RpcTarget
  WorkerEntrypoint: typeof WorkerEntrypoint
  DurableObject: typeof DurableObject
  WorkflowEntrypoint: typeof WorkflowEntrypoint
  env: typeof env
}
export default _default

// The names @cloudflare/codemode's modules import from `cloudflare:workers`,
// as plain classes. They carry no Workers behaviour: outside Cloudflare the
// package's executor (DynamicWorkerExecutor) cannot run anyway, and what a
// Node host uses (createCodeTool, the connectors' in-process methods, the
// type generators) needs only that the classes exist and can be extended.
import { RpcTarget as CapnwebRpcTarget } from 'capnweb'

/** capnweb's own RpcTarget, so an instance still crosses a capnweb session by reference. */
export const RpcTarget = CapnwebRpcTarget

/** A Workers entrypoint: the constructor keeps ctx and env, as the runtime's does. */
export class WorkerEntrypoint extends CapnwebRpcTarget {
  constructor(ctx, env) {
    super()
    this.ctx = ctx
    this.env = env
  }
}

/** A Durable Object base: the constructor keeps ctx and env. */
export class DurableObject extends CapnwebRpcTarget {
  constructor(ctx, env) {
    super()
    this.ctx = ctx
    this.env = env
  }
}

/** Workflow entrypoint base, for modules that name it. */
export class WorkflowEntrypoint extends WorkerEntrypoint {}

/** The bindings object a Worker reads; empty outside Cloudflare. */
export const env = {}

export default { RpcTarget, WorkerEntrypoint, DurableObject, WorkflowEntrypoint, env }

import { connect, CodemodeExecutor, createEnvelopeDispatch, parseDispatchArguments, ExecutorError, HandlesClosedError, PROTOCOL_VERSION, type ExecuteResult, type ConnectOptions } from 'codemode-executor-client'
import { stringifyForDispatch } from 'codemode-executor-client/protocol'
import 'codemode-executor-client/register'
const opts: ConnectOptions = { rotateAfterExecutions: 100, reconnect: { retries: 3, backoff: 250 }, outbound: null }
async function main() {
  const ex = await connect('ws://x:8080', opts)
  const state = { active: true }
  const r: ExecuteResult = await ex.execute({ code: 'async () => 1', providers: [{ name: 's', tools: ['t'] }],
    dispatch: createEnvelopeDispatch(state, async (p, t, a) => parseDispatchArguments(a)) })
  const cm = new CodemodeExecutor(ex)
  const out = await cm.execute('1', [{ name: 'codemode', fns: {}, positionalArgs: false }], { timeout: 5 })
  const e = new HandlesClosedError({ executionId: 'x' })
  const n: number = PROTOCOL_VERSION
  if (e instanceof ExecutorError) console.log(e.code, out.logs, r.result, stringifyForDispatch(1), n)
}
main()

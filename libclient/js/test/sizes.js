// Helpers of the sizes-*.test.js files (spec/protocol.md, section 6).
import { WebSocket } from 'ws'
import { PAYLOAD_LIMIT, PayloadPart, composeText } from 'codemode-executor-client'

export const ws = { websocket: WebSocket }

// Holds its worker for a while, so that it is in flight beside the run
// under test on the same session.
export const busy = { code: "async () => { const t = Date.now(); while (Date.now() - t < 400) {} return 'beside' }" }

/** The PAYLOAD_TOO_LARGE text naming payload part `part` at `size`. */
export const tooLarge = (part, size) =>
  composeText('PAYLOAD_TOO_LARGE', { part: PayloadPart[part], size, limit: PAYLOAD_LIMIT })

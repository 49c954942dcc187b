// The package root: the remote executor, the codemode adapter, and the
// whole protocol surface, so a host installs this package alone.
export * from './protocol.js'
export { RemoteExecutor, connect } from './remote.js'
export {
  CONNECTOR_CONTROL_KEY,
  CodemodeExecutor,
  LATE_CALL_MESSAGE,
  PAUSE_SENTINEL,
  detectSanitizeCollision,
  formatSanitizeCollision,
  normalizeCode,
  planExecution,
  sanitizeToolName,
  validateExecution,
} from './codemode.js'

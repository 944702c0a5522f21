import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { CoreError } from '../errors'

/** Classifying failures of an MCP exchange. */

export function isMcpErrorWithCode(error: unknown, ...codes: number[]): error is McpError {
  return error instanceof McpError && codes.includes(error.code)
}

const LOST_MESSAGE_FRAGMENTS = [
  'session terminated',
  'not connected',
  'connection closed',
  'fetch failed',
  'socket hang up',
  'econnreset',
  'econnrefused',
  'terminated',
]

/**
 * True when the transport was torn down (as opposed to the server answering with an error):
 * the SDK's "Connection closed" / "Not connected", a failed HTTP exchange, an unknown session,
 * or a message saying the session was terminated.
 */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return true
    return error.message.toLowerCase().includes('session terminated')
  }
  // Our own errors (e.g. "not connected; call connect() first") are never a lost transport.
  if (!(error instanceof Error) || error instanceof CoreError) return false
  const httpStatus = (error as { code?: unknown }).code
  // The Streamable HTTP transport answers an unknown (expired or restarted) session with 404.
  if (error.message.startsWith('Streamable HTTP error')) return httpStatus === 404
  const text = `${error.message} ${causeMessage(error)}`.toLowerCase()
  return LOST_MESSAGE_FRAGMENTS.some((fragment) => text.includes(fragment))
}

function causeMessage(error: Error): string {
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof Error) return `${(cause as { code?: string }).code ?? ''} ${cause.message}`
  return ''
}

/** The server's own message, without the SDK's "MCP error <code>: " prefix. */
export function mcpErrorText(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+: /, '')
}

/** Why a connection to a server failed, in the words a person acts on. */
export type ConnectionFailureKind = 'refused' | 'dns' | 'tls' | 'http_status' | 'timeout' | 'spawn' | 'reset' | 'other'

export interface ConnectionFailure {
  kind: ConnectionFailureKind
  message: string
  /** The error code found in the cause chain (ECONNREFUSED, CERT_HAS_EXPIRED…), or the HTTP status. */
  code?: string | number
}

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_(GET|VERIFY)_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|EPROTO$)/
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
const MAX_CAUSES = 10

/** The error and its causes (undici's "fetch failed" keeps the real reason two levels down), outermost first. */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = []
  for (let current = error; current instanceof Error && chain.length < MAX_CAUSES; current = (current as { cause?: unknown }).cause) {
    chain.push(current)
    // An AggregateError (happy eyeballs: one per address tried) carries its reasons in `errors`.
    const inner = (current as { errors?: unknown }).errors
    if (Array.isArray(inner) && inner[0] instanceof Error) chain.push(inner[0])
  }
  return chain
}

function stringCode(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

function httpStatus(chain: readonly Error[]): number | undefined {
  for (const error of chain) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'number' && code >= 100 && code < 600 && error.message.startsWith('Streamable HTTP error')) return code
    // The ws library: "Unexpected server response: 401".
    const ws = /^Unexpected server response: (\d{3})$/.exec(error.message)
    if (ws) return Number(ws[1])
  }
  return undefined
}

/**
 * Classifies a failed connect (or a request on a fresh connection) by walking its cause chain:
 * refused, unresolvable host, TLS, an HTTP error status, a timeout, a command that could not be
 * spawned. `statusTexts` names HTTP statuses (node:http's STATUS_CODES).
 */
export function describeConnectionFailure(error: unknown, statusTexts: Readonly<Record<number, string | undefined>> = {}): ConnectionFailure {
  const chain = causeChain(error)
  const outer = chain[0]?.message ?? String(error)
  const status = httpStatus(chain)
  if (status !== undefined) {
    const text = statusTexts[status]
    const detail = chain
      .find((e) => e.message.startsWith('Streamable HTTP error'))
      ?.message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '')
    const hint = status === 401 || status === 403 ? " Check the server's headers (an API key or token)." : status === 404 ? " Check the URL's path." : ''
    return {
      kind: 'http_status',
      code: status,
      message: `The server answered HTTP ${status}${text ? ` ${text}` : ''}.${hint}${detail ? ` It said: ${detail.slice(0, 300)}` : ''}`,
    }
  }
  for (const cause of chain) {
    const code = stringCode(cause)
    const { address, port, hostname, syscall, path } = cause as { address?: string; port?: number; hostname?: string; syscall?: string; path?: string }
    if (code === 'ECONNREFUSED') {
      const where = address ? ` at ${address}${port ? `:${port}` : ''}` : ''
      return { kind: 'refused', code, message: `Connection refused${where}: nothing is listening there. Is the server running, and is the port right?` }
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return { kind: 'dns', code, message: `The host name${hostname ? ` '${hostname}'` : ''} could not be resolved (DNS ${code}). Check the URL's host.` }
    }
    if (code && TLS_CODE.test(code)) return { kind: 'tls', code, message: `The TLS connection failed: ${cause.message} (${code}).` }
    if (code && TIMEOUT_CODES.has(code)) return { kind: 'timeout', code, message: `The connection timed out (${code}).` }
    if (syscall?.startsWith('spawn') && (code === 'ENOENT' || code === 'EACCES')) {
      const command = path ?? syscall.slice('spawn '.length)
      const why = code === 'ENOENT' ? 'was not found (is it installed and on PATH?)' : 'may not be run (permission denied)'
      return { kind: 'spawn', code, message: `The command '${command}' ${why} (${code}).` }
    }
    if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'reset', code, message: `The server closed the connection (${code}).` }
  }
  if (chain.some((e) => e instanceof McpError && e.code === ErrorCode.RequestTimeout)) {
    return { kind: 'timeout', message: `The server did not answer in time: ${outer}` }
  }
  const detail = chain.slice(1).find((e) => !outer.includes(e.message))?.message
  return { kind: 'other', message: detail ? `${outer} (${detail})` : outer }
}

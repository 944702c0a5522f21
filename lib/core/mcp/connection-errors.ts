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

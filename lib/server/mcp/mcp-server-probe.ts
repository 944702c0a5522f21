/**
 * "Test connection": connect to a configured MCP server the way a run would (createMcpTool), list
 * its tools, close. Nothing the server asks for is granted — its sampling requests are denied
 * without reaching a person or a model — and no secret appears in the answer.
 */
import type { McpTestResult, McpToolSummary } from '@/lib/contracts/mcp-servers'
import type { ChatClient, MCPTool } from '@/lib/core'
import type { ApprovalBroker, ApprovalDecision } from '../approvals/approval-broker'
import type { AppContext } from '../app-context'
import { connectFailureText, connectFailureTextFor } from './mcp-connect-attempt'
import type { OutboundPolicy } from '../outbound/outbound-policy'
import { createMcpTool } from './mcp-connections'
import type { McpServerConfig } from './mcp-server-registry'
import { redactSecrets } from './mcp-server-secrets'
import { summariseListedTool } from './mcp-tool-parameters'
import type { SamplingApprovals } from './mcp-sampling-policy'

export const MCP_PROBE_TIMEOUT_MS = 10_000
/** Enough for any sane server; a server that keeps paging is cut off rather than followed forever. */
const MAX_TOOL_PAGES = 20

const NEVER_USED_CLIENT: ChatClient = {
  getResponse: () => Promise.reject(new Error('A connection test never answers sampling requests.')),
  getStreamingResponse: () => {
    throw new Error('A connection test never answers sampling requests.')
  },
}

const DENIED: ApprovalDecision = { approved: false, status: 'denied', response: {} }

/**
 * The only part of the app a probe's tool touches is the approvals broker (when the server asks
 * for sampling); this stand-in denies at once, so a test never creates approval rows or events.
 */
const DENYING_APPROVALS: SamplingApprovals = {
  request: async () => DENIED,
  recordAutomatic: async () => DENIED,
  countAutomatic: async () => 0,
  restOfRunApproved: async () => false,
}
const DENYING_APP = { approvals: DENYING_APPROVALS as Pick<ApprovalBroker, keyof SamplingApprovals> } as unknown as AppContext

/** A probe puts every sampling request to its stand-in broker (which denies it), whatever the server's policy says. */
function askingServer(server: McpServerConfig): McpServerConfig {
  return { ...server, settings: { ...server.settings, sampling: { ...server.settings.sampling, mode: 'ask' } } }
}

class ProbeTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The MCP server did not answer within ${Math.round(timeoutMs / 100) / 10} s.`)
  }
}

async function listRemoteTools(tool: MCPTool): Promise<McpToolSummary[]> {
  const client = tool.sdkClient
  if (!client || !tool.serverCapabilities?.tools) return []
  const tools: McpToolSummary[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor })
    tools.push(...result.tools.map(summariseListedTool))
    cursor = result.nextCursor
    if (!cursor) break
  }
  return tools
}

async function connectAndList(tool: MCPTool): Promise<McpToolSummary[]> {
  await tool.connect()
  return listRemoteTools(tool)
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? connectFailureText(error) : String(error)
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): { result: Promise<T>; timedOut: () => boolean; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let expired = false
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true
      reject(new ProbeTimeoutError(timeoutMs))
    }, timeoutMs)
  })
  return { result: Promise.race([work, deadline]), timedOut: () => expired, clear: () => clearTimeout(timer) }
}

/**
 * Connects, lists the server's tools (their own names, without the prefix agents see) and closes.
 * Never throws: a failure is `{ ok: false, error }` with secrets cut out of the message.
 */
export async function probeMcpServer(
  server: McpServerConfig,
  options: { timeoutMs?: number; secrets?: AppContext['secrets']; outbound?: OutboundPolicy } = {},
): Promise<McpTestResult> {
  const controller = new AbortController()
  const timeoutMs = options.timeoutMs ?? MCP_PROBE_TIMEOUT_MS
  // The probe's own bound applies to every request too, so nothing lingers after it gives up.
  // With the installation's secrets, what the server writes to stderr is redacted like a run's server's.
  // The installation's outbound policy decides where a member's server may be reached, as in a run.
  const app = {
    ...DENYING_APP,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    ...(options.outbound ? { outbound: options.outbound } : {}),
  } as AppContext
  let tool: MCPTool
  try {
    tool = createMcpTool(askingServer(server), {
      app,
      runId: `probe:${server.id}`,
      samplingClient: NEVER_USED_CLIENT,
      signal: controller.signal,
      requestTimeoutMs: timeoutMs,
    })
  } catch (error) {
    // The deployment's stdio settings refuse the command: nothing was started.
    return { ok: false, tools: [], error: describeFailure(error) }
  }
  const attempt = connectAndList(tool)
  const bounded = withTimeout(attempt, timeoutMs)
  try {
    return { ok: true, tools: await bounded.result }
  } catch (error) {
    const url = server.transport === 'stdio' ? undefined : server.config.url
    // Giving up is the probe's own word, not the server's: everyone is told it.
    const text = error instanceof ProbeTimeoutError ? error.message : connectFailureTextFor(server, error)
    return { ok: false, tools: [], error: redactSecrets(text, server.secrets, url) }
  } finally {
    bounded.clear()
    controller.abort()
    attempt.catch(() => {})
    const closed = tool.close().catch(() => {})
    // After a timeout the connection attempt is still pending and close() waits for it (bounded by
    // the SDK's own request timeout); the person gets their answer now, the cleanup finishes later.
    if (!bounded.timedOut()) await closed
  }
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type ElicitRequestParams,
  type ElicitResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js'
import { MCPConnectionException } from '../errors'
import { isErrorData, type SamplingOutcome } from './sampling'

/**
 * One live session with an MCP server: an SDK Client on one transport, with the sampling,
 * elicitation and list-changed handlers installed. MCPTool replaces the whole object on reconnect.
 */

export interface ConnectionHandlers {
  /** Answers sampling/createMessage; the capability is declared only when `declareSampling`. */
  sampling: (params: CreateMessageRequestParams, signal: AbortSignal) => Promise<SamplingOutcome>
  declareSampling: boolean
  /** Without one the capability is not declared and requests are declined. */
  elicitation?: (params: ElicitRequestParams, signal: AbortSignal) => Promise<ElicitResult>
  onToolListChanged: () => void
  onPromptListChanged: () => void
  onClosed: (connection: MCPConnection) => void
}

export interface OpenConnectionOptions {
  clientInfo: { name: string; version: string }
  transport: Transport
  handlers: ConnectionHandlers
  timeoutMs?: number
  /** How a transport that fails to start is reported (stdio names the command). */
  describeStartFailure: (error: unknown) => string
  /** Continue an existing session (Streamable HTTP) instead of initializing a new one. */
  resume?: { protocolVersion: string; serverCapabilities: ServerCapabilities | undefined }
}

/** Thrown back to the server as a JSON-RPC error with exactly this code and message. */
class ProtocolErrorAnswer extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export class MCPConnection {
  private closedFlag = false

  constructor(
    readonly client: Client,
    readonly transport: Transport,
    readonly serverCapabilities: ServerCapabilities | undefined,
  ) {}

  get isOpen(): boolean {
    return !this.closedFlag
  }

  markClosed(): void {
    this.closedFlag = true
  }

  async close(): Promise<void> {
    this.closedFlag = true
    await this.client.close()
  }
}

export function clientCapabilities(handlers: Pick<ConnectionHandlers, 'declareSampling' | 'elicitation'>): ClientCapabilities {
  const capabilities: ClientCapabilities = {}
  if (handlers.declareSampling) capabilities.sampling = { tools: {} }
  if (handlers.elicitation) capabilities.elicitation = { form: {} }
  return capabilities
}

function installHandlers(client: Client, handlers: ConnectionHandlers): void {
  const answerSampling = async (params: CreateMessageRequestParams, signal: AbortSignal) => {
    const outcome = await handlers.sampling(params, signal)
    if (isErrorData(outcome)) throw new ProtocolErrorAnswer(outcome.code, outcome.message)
    return outcome
  }
  if (handlers.declareSampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => answerSampling(request.params, extra.signal))
  }
  const elicitation = handlers.elicitation
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => elicitation(request.params, extra.signal))
  }
  // Requests for capabilities we did not declare still get the reference's answers:
  // sampling without a client → INTERNAL_ERROR, elicitation without a callback → decline.
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'sampling/createMessage') {
      const parsed = CreateMessageRequestSchema.safeParse(request)
      if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, 'Invalid sampling request')
      return (await answerSampling(parsed.data.params, extra.signal)) as never
    }
    if (request.method === 'elicitation/create') return { action: 'decline' } as never
    throw new McpError(ErrorCode.MethodNotFound, 'Method not found')
  }
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => handlers.onToolListChanged())
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => handlers.onPromptListChanged())
}

/** Records whether `start()` succeeded so a failure can be attributed to start vs initialize. */
function trackStart(transport: Transport): { started: () => boolean } {
  let started = false
  const start = transport.start.bind(transport)
  transport.start = async () => {
    await start()
    started = true
  }
  return { started: () => started }
}

export async function openConnection(options: OpenConnectionOptions): Promise<MCPConnection> {
  const { transport, handlers } = options
  const client = new Client(options.clientInfo, { capabilities: clientCapabilities(handlers) })
  installHandlers(client, handlers)
  const startTracker = trackStart(transport)
  const requestOptions = options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs }
  try {
    await client.connect(transport, requestOptions)
  } catch (error) {
    await client.close().catch(() => {})
    const detail = error instanceof Error ? error.message : String(error)
    if (!startTracker.started()) throw new MCPConnectionException(options.describeStartFailure(error), { cause: error })
    throw new MCPConnectionException(`MCP server failed to initialize: ${detail}`, { cause: error })
  }
  if (options.resume) transport.setProtocolVersion?.(options.resume.protocolVersion)
  const capabilities = options.resume ? options.resume.serverCapabilities : client.getServerCapabilities()
  const connection = new MCPConnection(client, transport, capabilities)
  client.onclose = () => {
    connection.markClosed()
    handlers.onClosed(connection)
  }
  return connection
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'

/**
 * A low-level MCP server that records the raw tools/call params it receives (an McpServer would
 * strip undeclared arguments before we could see them) and answers with their JSON.
 */
export interface RecordedToolCall {
  name: string
  arguments: Record<string, unknown> | undefined
  meta: Record<string, unknown> | undefined
}

export interface RecordingServerState {
  tools: Tool[]
  calls: RecordedToolCall[]
  listCount: number
  /** Optional per-call answer; default echoes the arguments as JSON text. */
  answer?: (call: RecordedToolCall) => CallToolResult | Promise<CallToolResult>
}

export function recordingServerState(tools: Tool[]): RecordingServerState {
  return { tools, calls: [], listCount: 0 }
}

export function createRecordingServer(state: RecordingServerState): Server {
  const server = new Server({ name: 'recording', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    state.listCount += 1
    return { tools: state.tools }
  })
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { _meta, ...rest } = request.params as typeof request.params & { _meta?: Record<string, unknown> }
    const call: RecordedToolCall = { name: rest.name, arguments: rest.arguments, meta: _meta }
    state.calls.push(call)
    if (state.answer) return state.answer(call)
    return { content: [{ type: 'text', text: JSON.stringify(rest.arguments ?? {}) }] }
  })
  return server
}

export function declaredTool(name: string, properties: string[], extra: Partial<Tool> = {}): Tool {
  const schemaProperties: Record<string, object> = {}
  for (const property of properties) schemaProperties[property] = { type: 'string' }
  return { name, inputSchema: { type: 'object', properties: schemaProperties }, ...extra }
}

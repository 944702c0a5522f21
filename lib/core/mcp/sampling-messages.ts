import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  CreateMessageResultWithTools,
  SamplingMessage,
  SamplingMessageContentBlock,
  Tool as MCPToolDefinition,
} from '@modelcontextprotocol/sdk/types.js'
import { FunctionTool } from '../tools/function-tool'
import { ToolExecutionException } from '../errors'
import { Message, type ChatResponse, type Content, type Role } from '../types'

/** Conversions between MCP sampling messages and the core message model. */

function contentFromSamplingBlock(block: SamplingMessageContentBlock): Content {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'image':
    case 'audio':
      return { type: 'data', uri: `data:${block.mimeType};base64,${block.data}`, mediaType: block.mimeType }
    case 'tool_use':
      return { type: 'function_call', callId: block.id, name: block.name, arguments: block.input }
    case 'tool_result':
      return { type: 'function_result', callId: block.toolUseId, result: toolResultText(block.content) }
  }
}

function toolResultText(content: ReadonlyArray<{ type: string; text?: string }>): string {
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n')
}

export function messageFromSampling(message: SamplingMessage): Message {
  const blocks = Array.isArray(message.content) ? message.content : [message.content]
  const contents = blocks.map(contentFromSamplingBlock)
  // Tool results travel as role "user" in MCP; the core model carries them on "tool" messages.
  const role: Role = contents.some((content) => content.type === 'function_result') ? 'tool' : message.role
  return new Message({ role, contents })
}

/** Tools offered by the server are declarations for the model only; the client never runs them. */
export function declarationToolFromSampling(tool: MCPToolDefinition): FunctionTool {
  return new FunctionTool({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema as Record<string, unknown>,
    execute: () => {
      throw new ToolExecutionException(`Tool '${tool.name}' is declared by an MCP sampling request and cannot run locally.`)
    },
  })
}

type ResultContent = CreateMessageResult['content']

function dataUriParts(uri: string): { mimeType: string; data: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(uri)
  return match ? { mimeType: match[1]!, data: match[2]! } : undefined
}

/** The first text or image part of a message, in MCP form. */
function firstTextOrImage(contents: readonly Content[]): ResultContent | undefined {
  for (const content of contents) {
    if (content.type === 'text') return { type: 'text', text: content.text }
    if (content.type === 'data' && content.mediaType.startsWith('image/')) {
      const parts = dataUriParts(content.uri)
      if (parts) return { type: 'image', data: parts.data, mimeType: parts.mimeType }
    }
  }
  return undefined
}

function parsedArguments(value: string | Record<string, unknown>): Record<string, unknown> {
  if (typeof value !== 'string') return value
  try {
    const parsed: unknown = JSON.parse(value)
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export type SamplingConversion = { kind: 'result'; result: CreateMessageResult | CreateMessageResultWithTools } | { kind: 'no_content' }

/** Maps the chat response back: function calls become tool_use results (stopReason "toolUse"), in order. */
export function samplingResultFromResponse(response: ChatResponse): SamplingConversion {
  const model = response.modelId || 'unknown'
  const calls = response.messages.flatMap((message) => message.contents.filter((content) => content.type === 'function_call'))
  if (calls.length > 0) {
    return {
      kind: 'result',
      result: {
        role: 'assistant',
        model,
        stopReason: 'toolUse',
        content: calls.map((call) => ({ type: 'tool_use', id: call.callId, name: call.name, input: parsedArguments(call.arguments) })),
      },
    }
  }
  const content = firstTextOrImage(response.messages[0]!.contents)
  if (!content) return { kind: 'no_content' }
  return { kind: 'result', result: { role: 'assistant', model, content } }
}

export type { CreateMessageRequestParams }

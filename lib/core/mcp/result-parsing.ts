import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js'
import type { Content } from '../types'

/** What a wrapped MCP tool hands back to the agent loop. */
export type ParsedToolResult = string | Content[]

export type ToolResultParser = (result: CallToolResult) => ParsedToolResult

function contentFromBlock(block: ContentBlock): Content {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'image':
    case 'audio':
      return { type: 'data', uri: `data:${block.mimeType};base64,${block.data}`, mediaType: block.mimeType }
    case 'resource_link':
      return { type: 'uri', uri: block.uri, mediaType: block.mimeType ?? 'application/octet-stream' }
    case 'resource': {
      const resource = block.resource
      if ('text' in resource) return { type: 'text', text: resource.text }
      const mediaType = resource.mimeType ?? 'application/octet-stream'
      return { type: 'data', uri: `data:${mediaType};base64,${resource.blob}`, mediaType }
    }
  }
}

/**
 * Text-only results (the common case) become one string; anything else becomes core Content.
 * A result with only structured content is returned as its JSON text.
 */
export function parseToolResult(result: CallToolResult): ParsedToolResult {
  const blocks = result.content ?? []
  if (blocks.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent)
  if (blocks.every((block) => block.type === 'text')) return blocks.map((block) => (block as { text: string }).text).join('\n')
  return blocks.map(contentFromBlock)
}

/** The message of an `isError` result: its joined text parts. */
export function errorTextOf(result: CallToolResult): string {
  const text = (result.content ?? [])
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text' && Boolean(block.text))
    .map((block) => block.text)
    .join('\n')
  return text || JSON.stringify(result.content ?? [])
}

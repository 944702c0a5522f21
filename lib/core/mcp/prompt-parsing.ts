import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js'

export type PromptResultParser = (result: GetPromptResult) => string

/** Text parts as they are; other parts as JSON, one per line. */
export function parsePromptResult(result: GetPromptResult): string {
  return result.messages
    .map((message) => {
      const content = message.content
      if (content.type === 'text') return content.text
      if (content.type === 'resource' && 'text' in content.resource) return content.resource.text
      return JSON.stringify(content)
    })
    .join('\n')
}

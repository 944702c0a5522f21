/**
 * Fixture: a server that asks its client for things.
 *   ask_model { question }  sends sampling/createMessage (maxTokens 1000000, to exercise the cap)
 *   confirm { action }      sends elicitation/create and reports the answer
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { serve } from './serve.mjs'

function createServer() {
  const server = new McpServer({ name: 'sampling-fixture', version: '1.0.0' })
  server.registerTool('ask_model', { inputSchema: { question: z.string() } }, async ({ question }) => {
    try {
      const result = await server.server.createMessage({
        systemPrompt: 'Answer briefly.',
        messages: [{ role: 'user', content: { type: 'text', text: question } }],
        maxTokens: 1_000_000,
        temperature: 0.2,
      })
      return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] }
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `sampling failed: ${error.message}` }] }
    }
  })
  server.registerTool('confirm', { inputSchema: { action: z.string() } }, async ({ action }) => {
    try {
      const result = await server.server.elicitInput({
        message: `Allow ${action}?`,
        requestedSchema: { type: 'object', properties: { allow: { type: 'boolean' } }, required: ['allow'] },
      })
      return { content: [{ type: 'text', text: JSON.stringify(result) }] }
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `elicitation failed: ${error.message}` }] }
    }
  })
  return server
}

await serve(createServer)

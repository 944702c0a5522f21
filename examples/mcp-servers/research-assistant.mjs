#!/usr/bin/env node
/**
 * Example MCP server shipped with Agentloom (stdio). Plain ESM so it runs with `node` in production.
 *
 * Tools:
 *   summarize_topic { topic }  asks the *client's* model for a short summary through
 *                              sampling/createMessage; the client may deny (it does by default).
 *   plan_research { topic }    asks the *person* how deep to go through elicitation/create (a form
 *                              in the run page), and answers with a plan that follows the choice.
 *   word_count { text }        counts words locally; needs no sampling.
 *
 * SAMPLING_TIMEOUT_MS (default 10 minutes) bounds how long the server waits for the client's answer,
 * which may include a person approving the request in the browser; the form a person fills in has as long.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

const SAMPLING_TIMEOUT_MS = Number(process.env.SAMPLING_TIMEOUT_MS ?? 10 * 60_000)

const server = new McpServer({ name: 'research-assistant', version: '1.0.0' })

server.registerTool(
  'summarize_topic',
  {
    description: "Write a short summary of a topic using the client's language model (needs the client's approval).",
    inputSchema: { topic: z.string().min(1).describe('The topic to summarize') },
  },
  async ({ topic }) => {
    try {
      const result = await server.server.createMessage(
        {
          systemPrompt: 'You are a careful research assistant. Answer with a concise, factual summary.',
          messages: [{ role: 'user', content: { type: 'text', text: `Write a short summary (three sentences at most) of this topic: ${topic}` } }],
          maxTokens: 300,
        },
        { timeout: SAMPLING_TIMEOUT_MS },
      )
      const text = result.content.type === 'text' ? result.content.text : `[${result.content.type} content]`
      return { content: [{ type: 'text', text }] }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { isError: true, content: [{ type: 'text', text: `The client declined the sampling request: ${message}` }] }
    }
  },
)

server.registerTool(
  'plan_research',
  {
    description: 'Plan research on a topic, after asking the person how deep to go (needs their answer in a form).',
    inputSchema: { topic: z.string().min(1).describe('The topic to research') },
  },
  async ({ topic }) => {
    try {
      const result = await server.server.elicitInput(
        {
          message: `How deep should the research on "${topic}" go?`,
          requestedSchema: {
            type: 'object',
            properties: {
              depth: { type: 'string', title: 'Depth', enum: ['overview', 'detailed'], description: 'An overview or a detailed study' },
              focus: { type: 'string', title: 'Focus', description: 'Anything to concentrate on (optional)' },
            },
            required: ['depth'],
          },
        },
        { timeout: SAMPLING_TIMEOUT_MS },
      )
      if (result.action !== 'accept') return { content: [{ type: 'text', text: `No plan: the person chose to ${result.action}.` }] }
      const { depth, focus } = result.content ?? {}
      const steps = depth === 'detailed' ? 'background, current findings, open questions, sources' : 'a short background and the key facts'
      const text = `Plan (${depth}) for ${topic}: ${steps}${focus ? `, with a focus on ${focus}` : ''}.`
      return { content: [{ type: 'text', text }] }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { isError: true, content: [{ type: 'text', text: `The client could not ask the person: ${message}` }] }
    }
  },
)

server.registerTool(
  'word_count',
  {
    description: 'Count the words in a text.',
    inputSchema: { text: z.string().describe('The text to count words in') },
  },
  async ({ text }) => {
    const words = text.trim() === '' ? 0 : text.trim().split(/\s+/u).length
    return { content: [{ type: 'text', text: String(words) }], structuredContent: { words } }
  },
)

const transport = new StdioServerTransport()
await server.connect(transport)
// Exit when the client closes our stdin (the SDK keeps the process alive otherwise).
process.stdin.on('end', () => {
  void server.close().finally(() => process.exit(0))
})

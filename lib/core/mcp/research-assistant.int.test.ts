import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ToolExecutionException } from '../errors'
import { MCPStdioTool } from './stdio-tool'
import { RecordingChatClient, recordingLogger, textResponse } from './testing/recording-chat-client'

/** End to end against the example server the app ships, spawned with node over stdio. */

const SERVER = fileURLToPath(new URL('../../../examples/mcp-servers/research-assistant.mjs', import.meta.url))

const open: MCPStdioTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

function researchAssistant(options: Partial<ConstructorParameters<typeof MCPStdioTool>[0]> = {}): MCPStdioTool {
  const tool = new MCPStdioTool({ name: 'research', command: process.execPath, args: [SERVER], logger: recordingLogger(), ...options })
  open.push(tool)
  return tool
}

describe('research-assistant example server over stdio', () => {
  it('lists plan_research, summarize_topic and word_count as functions', async () => {
    const tool = researchAssistant()
    await tool.connect()
    expect(tool.functions.map((fn) => fn.name).sort()).toEqual(['plan_research', 'summarize_topic', 'word_count'])
    expect(tool.functions.find((fn) => fn.name === 'summarize_topic')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { topic: { type: 'string' } },
    })
  })

  it('word_count needs no sampling', async () => {
    const tool = researchAssistant()
    await tool.connect()
    const wordCount = tool.functions.find((fn) => fn.name === 'word_count')!
    expect(await wordCount.invoke({ text: 'one two  three' })).toBe('3')
  })

  it('summarize_topic samples through the client when the async approval callback approves', async () => {
    const client = new RecordingChatClient([textResponse('Otters are aquatic mustelids.')])
    const approvals: Array<{ serverName: string; maxTokens: number }> = []
    const tool = researchAssistant({
      client,
      samplingApprovalCallback: async (params, { serverName }) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        approvals.push({ serverName, maxTokens: params.maxTokens })
        return true
      },
    })
    await tool.connect()
    const result = await tool.callTool('summarize_topic', { topic: 'otters' })
    expect(result.content).toEqual([{ type: 'text', text: 'Otters are aquatic mustelids.' }])
    expect(approvals).toEqual([{ serverName: 'research', maxTokens: 300 }])
    expect(client.calls).toHaveLength(1)
    const call = client.calls[0]!
    expect(call.options.instructions).toMatch(/research assistant/)
    expect(call.options.maxTokens).toBe(300)
    expect(call.messages).toHaveLength(1)
    expect(call.messages[0]!.role).toBe('user')
    expect(call.messages[0]!.text).toContain('otters')
  })

  it('summarize_topic returns an isError result with the client message when the callback denies', async () => {
    const client = new RecordingChatClient()
    const tool = researchAssistant({ client, samplingApprovalCallback: async () => false })
    await tool.connect()
    const failure = await tool.callTool('summarize_topic', { topic: 'otters' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ToolExecutionException)
    expect((failure as Error).message).toContain('The client declined the sampling request')
    expect((failure as Error).message).toContain("Sampling request denied by the 'samplingApprovalCallback'.")
    expect(client.calls).toHaveLength(0)
  })

  it('plan_research asks the person through elicitation and follows the answer, or says it was declined', async () => {
    const questions: string[] = []
    const tool = researchAssistant({
      elicitationCallback: (params) => {
        questions.push(params.message)
        return questions.length === 1 ? { action: 'accept', content: { depth: 'overview' } } : { action: 'decline' }
      },
    })
    await tool.connect()
    const plan = tool.functions.find((fn) => fn.name === 'plan_research')!
    expect(await plan.invoke({ topic: 'otters' })).toBe('Plan (overview) for otters: a short background and the key facts.')
    expect(await plan.invoke({ topic: 'otters' })).toBe('No plan: the person chose to decline.')
    expect(questions).toEqual(['How deep should the research on "otters" go?', 'How deep should the research on "otters" go?'])
  })

  it('denies sampling by default when no approval callback is configured', async () => {
    const client = new RecordingChatClient()
    const tool = researchAssistant({ client })
    await tool.connect()
    const summarize = tool.functions.find((fn) => fn.name === 'summarize_topic')!
    await expect(summarize.invoke({ topic: 'otters' })).rejects.toThrow(/MCP sampling is disabled by default/)
    expect(client.calls).toHaveLength(0)
  })
})

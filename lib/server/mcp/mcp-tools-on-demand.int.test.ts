/**
 * A server whose tools load on demand, in a run: the agent is offered the server's loader tools
 * (list, load, unload) instead of its tools, and a model that loads a tool can call it on its next
 * turn. Without the setting the tools are offered as before. Real parts throughout: the shipped
 * example stdio server, a test database, and a scripted model behind the real ChatClient interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, DemoChatClient, type FunctionResultContent, type MCPTool } from '@/lib/core'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse, type RecordedModelCall } from '@/lib/core/testing'
import { createTestApp, principalOf } from '../testing/test-app'
import { closeMcpServers, connectMcpServers } from './mcp-connections'
import { McpServerRegistry } from './mcp-server-registry'

const SERVER = 'research-assistant'
const LOADERS = [`${SERVER}_list_mcp_tools`, `${SERVER}_load_tool`, `${SERVER}_unload_tool`]
const WORD_COUNT = `${SERVER}_word_count`
const SUMMARIZE = `${SERVER}_summarize_topic`
const PLAN_RESEARCH = `${SERVER}_plan_research`

function offered(call: RecordedModelCall | undefined): string[] {
  return (call?.options.tools ?? []).map((fn) => fn.name)
}

/** The results of the tool calls the agent made, in order, as text. */
function toolResults(client: ScriptedChatClient): string[] {
  return client
    .lastCall!.messages.flatMap((message) => message.contents)
    .filter((content): content is FunctionResultContent => content.type === 'function_result')
    .map((content) => (typeof content.result === 'string' ? content.result : JSON.stringify(content.result)))
}

describe('MCP servers whose tools load on demand', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let registry: McpServerRegistry
  let runId: string

  beforeAll(async () => {
    // Seeds the example server (on-demand off) and a workflow to hang the run on.
    app = await createTestApp({ install: false })
    registry = new McpServerRegistry(app.db.prisma, app.secrets)
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    runId = (await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '', status: 'running' } })).id
  })
  afterAll(async () => app?.close())

  async function withServer(use: (tool: MCPTool) => Promise<void>): Promise<void> {
    const tools = await connectMcpServers([SERVER], {
      app,
      runId,
      nameOwner: { workspaceId: null, isAdmin: true },
      samplingClient: new DemoChatClient(),
      signal: new AbortController().signal,
    })
    try {
      await use(tools.get(SERVER)!)
    } finally {
      await closeMcpServers(tools)
    }
  }

  it('offers the loader tools, and a tool the model loads is offered and called on the next turn', async () => {
    await registry.update(principalOf(app.admin), SERVER, { loadToolsOnDemand: true }, 'current')
    await withServer(async (tool) => {
      expect(tool.functions.map((fn) => fn.name)).toEqual(LOADERS)
      const client = new ScriptedChatClient([
        modelFunctionCalls(functionCall(`${SERVER}_list_mcp_tools`)),
        modelFunctionCalls(functionCall(`${SERVER}_load_tool`, { tool: 'word_count' })),
        modelFunctionCalls(functionCall(WORD_COUNT, { text: 'one two three' })),
        modelResponse('Three words.'),
      ])
      const response = await new Agent({ client, tools: [tool] }).run('How many words are in "one two three"?')
      expect(response.text).toBe('Three words.')
      client.assertComplete()

      expect(offered(client.calls[0])).toEqual(LOADERS)
      expect(offered(client.calls[1])).toEqual(LOADERS)
      expect(offered(client.calls[2])).toEqual([...LOADERS, WORD_COUNT])
      const [listed, loaded, counted] = toolResults(client)
      expect((JSON.parse(listed!) as Array<{ name: string; loaded: boolean }>).map(({ name, loaded }) => ({ name, loaded }))).toEqual(
        expect.arrayContaining([
          { name: WORD_COUNT, loaded: false },
          { name: SUMMARIZE, loaded: false },
        ]),
      )
      expect(loaded).toBe(`Loaded MCP tool '${WORD_COUNT}'. It is available on the next model iteration.`)
      expect(counted).toContain('3')
    })
    // The run's log says what the agent was offered when the server connected.
    const connected = (await app.events.listAfter(runId)).filter((event) => event.type === 'mcp_connected').at(-1)
    expect(connected?.data).toEqual({ serverId: SERVER, tools: LOADERS, onDemandTools: expect.arrayContaining([WORD_COUNT, SUMMARIZE]) })
    expect((connected?.data as { onDemandTools: string[] }).onDemandTools).not.toEqual(expect.arrayContaining([LOADERS[0]]))
  })

  it('offers every tool, as before, when the setting is off', async () => {
    await registry.update(principalOf(app.admin), SERVER, { loadToolsOnDemand: false }, 'current')
    await withServer(async (tool) => {
      const client = new ScriptedChatClient([modelFunctionCalls(functionCall(WORD_COUNT, { text: 'one two' })), modelResponse('Two words.')])
      expect((await new Agent({ client, tools: [tool] }).run('Count "one two".')).text).toBe('Two words.')
      client.assertComplete()
      expect(offered(client.calls[0]).sort()).toEqual([PLAN_RESEARCH, SUMMARIZE, WORD_COUNT])
      expect(toolResults(client)[0]).toContain('2')
    })
  })
})

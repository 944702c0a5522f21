/**
 * Agent settings added for saved agents, compiled and run with ScriptedChatClient / the demo
 * model: defaults for old documents, structured replies, tools chosen per MCP server, approval per
 * tool, reasoning effort per API, file access through the registry, and the saved-agent node.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DemoChatClient, FunctionTool, InMemoryAgentFileStore, FileAccessProvider, tool, type ChatClient, type ToolProvider } from '@/lib/core'
import { ScriptedChatClient, modelResponse } from '@/lib/core/testing'
import { AgentDataSchema, AgentSettingsSchema } from '../node-data'
import { graph } from '../testing/graph-builder'
import { validate } from '../validate'
import { buildAgent, keepsConversationOnService, modelOptions } from './agents'
import { collectAgentRefs, collectMcpServerIds, collectSkillIds } from '../document-references'
import type { CompileRegistry } from './registry'
import { compile } from './compile'

const add = tool({ name: 'add', description: 'Add', parameters: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a + b })
const serverTool = (name: string) =>
  new FunctionTool({ name: `tools_${name}`, description: name, inputSchema: { type: 'object', properties: {} }, execute: async () => `${name} done` })
const server: ToolProvider = { functions: [serverTool('search'), serverTool('delete_all')] }

function registry(overrides: Partial<CompileRegistry> & { client?: ChatClient } = {}): CompileRegistry {
  const client = overrides.client ?? new DemoChatClient()
  return {
    chatClient: () => client,
    mcpServer: () => server,
    functionTool: (name) => (name === 'add' ? (add as unknown as FunctionTool) : undefined),
    ...overrides,
  }
}

const where = 'Agent "test"'

describe('agent settings', () => {
  it('fills every new setting with its default, so documents and definitions saved before still parse', () => {
    const old = {
      name: 'Old',
      instructions: 'x',
      model: { provider: 'openai' },
      mcpServerIds: [],
      functionTools: [],
      skillIds: [],
      toolApprovalMode: 'default',
    }
    expect(AgentSettingsSchema.parse(old)).toEqual({
      ...old,
      mcpTools: {},
      toolApprovals: {},
      structuredOutput: { mode: 'none', name: 'response', schema: '', fields: [] },
      fileAccess: { enabled: false, root: '', folder: '', writes: 'approve' },
      historyWindow: {},
      keepConversationOnService: false,
    })
    expect(AgentDataSchema.parse({}).fileAccess.writes).toBe('approve')
  })

  it('refuses a base URL that is not http(s), and takes an empty one as none', () => {
    expect(AgentSettingsSchema.safeParse({ model: { provider: 'openai', baseUrl: 'file:///etc/passwd' } }).success).toBe(false)
    expect(AgentSettingsSchema.parse({ model: { provider: 'openai', baseUrl: '' } }).model.baseUrl).toBe('')
  })

  it('sends reasoning effort the way each API names it', () => {
    expect(modelOptions({ provider: 'openai', reasoningEffort: 'high' }).additional).toEqual({ reasoning: { effort: 'high' } })
    expect(modelOptions({ provider: 'openai_chat', reasoningEffort: 'low' }).additional).toEqual({ reasoning_effort: 'low' })
    expect(modelOptions({ provider: 'openai' }).additional).toBeUndefined()
    expect(modelOptions({ provider: 'ollama', reasoningEffort: 'medium' }).additional).toEqual({ reasoning_effort: 'medium' })
    expect(modelOptions({ provider: 'anthropic', reasoningEffort: 'high' }).additional).toEqual({ output_config: { effort: 'high' } })
    expect(modelOptions({ provider: 'anthropic', reasoningEffort: 'minimal' }).additional).toEqual({ output_config: { effort: 'low' } })
    expect(modelOptions({ provider: 'gemini', reasoningEffort: 'high' }).additional).toBeUndefined()
  })

  it('accepts the native providers, keeps the old values and the default, and refuses unknown ones', () => {
    for (const provider of ['default', 'demo', 'openai', 'openai_chat', 'azure_openai', 'anthropic', 'gemini', 'ollama']) {
      expect(AgentSettingsSchema.parse({ model: { provider } }).model.provider).toBe(provider)
    }
    expect(AgentSettingsSchema.parse({}).model.provider).toBe('default')
    expect(AgentSettingsSchema.safeParse({ model: { provider: 'mistral' } }).success).toBe(false)
    expect(AgentSettingsSchema.parse({ model: { provider: 'ollama', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1' } }).model.baseUrl).toBe(
      'http://127.0.0.1:11434/v1',
    )
  })

  it('keeps a conversation on the service only on the Responses API', () => {
    const on = (provider: string) => keepsConversationOnService(AgentSettingsSchema.parse({ keepConversationOnService: true, model: { provider } }))
    expect(['default', 'openai'].map(on)).toEqual([true, true])
    expect(['demo', 'openai_chat', 'azure_openai', 'anthropic', 'gemini', 'ollama'].map(on)).toEqual([false, false, false, false, false, false])
  })
})

describe('buildAgent with the new settings', () => {
  it('asks for a structured reply built from fields and parses it into value', async () => {
    const client = new ScriptedChatClient([modelResponse('{"title":"Tides","score":3}')])
    const settings = AgentSettingsSchema.parse({
      structuredOutput: { mode: 'fields', name: 'review', fields: [{ name: 'title' }, { name: 'score', type: 'integer' }, { name: 'notes', required: false }] },
    })
    const response = await buildAgent(settings, registry({ client }), { id: 'a', where }).run('Review it')
    expect(response.value).toEqual({ title: 'Tides', score: 3 })
    expect(client.calls[0]!.options.responseFormat).toMatchObject({
      type: 'json_schema',
      name: 'review',
      schema: { required: ['title', 'score'], properties: { score: { type: 'integer' }, notes: { type: 'string' } } },
    })
  })

  it('sends a hand-written JSON Schema; a reply that does not match is an error', async () => {
    const schema = JSON.stringify({ type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'], additionalProperties: false })
    const settings = AgentSettingsSchema.parse({ structuredOutput: { mode: 'json_schema', schema } })
    const client = new ScriptedChatClient([modelResponse('{"answer":"many"}')])
    await expect(buildAgent(settings, registry({ client }), { id: 'a', where }).run('How many?')).rejects.toThrow(/answer/)
  })

  it('reports a schema that is not JSON when validating and when compiling', () => {
    const document = graph()
      .start()
      .agent('a', { structuredOutput: { mode: 'json_schema', schema: '{ not json' } })
      .output()
      .chain('start', 'a', 'output')
      .build()
    expect(validate(document).problems).toContainEqual(expect.objectContaining({ code: 'invalid_structured_output', nodeId: 'a' }))
    expect(() => buildAgent(AgentSettingsSchema.parse({ structuredOutput: { mode: 'fields' } }), registry(), { id: 'a', where })).toThrow(/no fields/)
  })

  it("offers only the MCP tools chosen for a server, by the server's own names", async () => {
    const settings = AgentSettingsSchema.parse({ mcpServerIds: ['tools'], mcpTools: { tools: ['search'] } })
    const agent = buildAgent(settings, registry(), { id: 'a', where })
    expect((await agent.run('/call tools_search {}')).text).toBe('Result: search done')
    const refused = await buildAgent(settings, registry(), { id: 'a', where }).run('/call tools_delete_all {}')
    expect(refused.text).not.toContain('delete_all done')
  })

  it('asks before the tools named per tool, and leaves the others and the shared tool alone', async () => {
    const settings = AgentSettingsSchema.parse({ functionTools: ['add'], mcpServerIds: ['tools'], toolApprovals: { tools_search: 'always_require' } })
    const agent = buildAgent(settings, registry(), { id: 'a', where })
    expect((await agent.run('/call add {"a":1,"b":2}')).text).toBe('Result: 3')
    const waiting = await buildAgent(settings, registry(), { id: 'a', where }).run('/call tools_search {}')
    expect(waiting.userInputRequests).toEqual([
      expect.objectContaining({ type: 'function_approval_request', functionCall: expect.objectContaining({ name: 'tools_search' }) }),
    ])
    expect(server.functions[0]!.approvalMode).toBe('never_require')
  })

  it('gives the agent its folder through the registry, with writes waiting for approval', async () => {
    const store = new InMemoryAgentFileStore()
    const settings = AgentSettingsSchema.parse({ fileAccess: { enabled: true, root: '/srv/files', folder: 'notes' } })
    const seen: unknown[] = []
    const reg = registry({
      fileAccess: (fileAccess) => {
        seen.push(fileAccess)
        return new FileAccessProvider(store, { disableReadOnlyToolApproval: true })
      },
    })
    const response = await buildAgent(settings, reg, { id: 'a', where }).run('/call file_access_write {"file_name":"a.txt","content":"hi"}')
    expect(seen).toEqual([{ enabled: true, root: '/srv/files', folder: 'notes', writes: 'approve' }])
    expect(response.userInputRequests).toEqual([expect.objectContaining({ functionCall: expect.objectContaining({ name: 'file_access_write' }) })])
    expect(await store.read('a.txt')).toBeNull()
    expect(() => buildAgent(settings, registry(), { id: 'a', where })).toThrow(/file access is not available/)
  })

  it("passes a saved agent's own key to the registry's client", () => {
    const keys: unknown[] = []
    buildAgent(AgentSettingsSchema.parse({}), registry({ chatClient: (_settings, secrets) => (keys.push(secrets), new DemoChatClient()) }), {
      id: 'a',
      where,
      apiKey: 'k',
    })
    expect(keys).toEqual([{ apiKey: 'k' }])
  })
})

describe('the saved-agent node', () => {
  const document = (version?: number) =>
    graph()
      .start()
      .node('saved', 'agent_ref', { agentId: 'agent-1', ...(version ? { version } : {}) })
      .output()
      .chain('start', 'saved', 'output')
      .build()
  const saved = AgentSettingsSchema.parse({ name: 'Calculator', functionTools: ['add'], mcpServerIds: ['tools'], skillIds: ['glossary'] })

  it('runs the agent the registry resolves, pinned or latest, and collects what it uses', async () => {
    const asked: unknown[] = []
    const reg = registry({ agent: (id, version) => (asked.push([id, version]), { name: 'Calculator', settings: { ...saved, skillIds: [] } }) })
    const result = await compile(document(), reg).run('/call add {"a":20,"b":22}')
    expect(result.getOutputs()).toEqual(['Result: 42'])
    compile(document(3), reg)
    expect(asked).toEqual([
      ['agent-1', undefined],
      ['agent-1', 3],
    ])
    expect(collectAgentRefs(document(3))).toEqual([{ agentId: 'agent-1', version: 3 }])
    const lookup = (id: string) => (id === 'agent-1' ? saved : undefined)
    expect(collectMcpServerIds(document(), lookup)).toEqual(['tools'])
    expect(collectSkillIds(document(), lookup)).toEqual(['glossary'])
    expect(collectMcpServerIds(document())).toEqual([])
  })

  it('fails clearly without an agent chosen, or when the registry does not know it', () => {
    const empty = graph().start().node('saved', 'agent_ref').output().chain('start', 'saved', 'output').build()
    expect(validate(empty).problems).toContainEqual(expect.objectContaining({ code: 'missing_agent', severity: 'error' }))
    expect(() => compile(document(), registry({ agent: () => undefined }))).toThrow(/refers to agent "agent-1", which does not exist/)
    expect(() => compile(document(), registry())).toThrow(/saved agents are not available here/)
  })
})

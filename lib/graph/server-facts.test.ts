import { describe, expect, it } from 'vitest'
import { serverFactProblems, type ServerFacts } from './server-facts'
import { graph } from './testing/graph-builder'
import { validate } from './validate'

const facts: ServerFacts = {
  openAiConfigured: false,
  savedAgents: [
    {
      id: 'ag-openai',
      name: 'Researcher',
      hasApiKey: false,
      versions: [
        { version: 1, model: { provider: 'demo' } },
        { version: 2, model: { provider: 'openai' } },
      ],
    },
    { id: 'ag-chat', name: 'Chatter', hasApiKey: false, versions: [{ version: 1, model: { provider: 'openai_chat' } }] },
    { id: 'ag-own-key', name: 'Keyed', hasApiKey: true, versions: [{ version: 1, model: { provider: 'openai_chat' } }] },
    { id: 'ag-local', name: 'Local', hasApiKey: false, versions: [{ version: 1, model: { provider: 'openai_chat', baseUrl: 'http://127.0.0.1:11434/v1' } }] },
  ],
  mcpServerIds: ['research-assistant'],
  skillIds: ['house-tone'],
  workflows: [
    { id: 'w-self', name: 'Newsletter', subWorkflowIds: [] },
    { id: 'w-a', name: 'Summarise', subWorkflowIds: ['w-b'] },
    { id: 'w-b', name: 'Translate', subWorkflowIds: ['w-self'] },
    { id: 'w-loop', name: 'Ouroboros', subWorkflowIds: ['w-loop'] },
    { id: 'w-ok', name: 'Leaf', subWorkflowIds: [] },
  ],
}

const withSub = (workflowId: string) => graph().start().node('sub', 'sub_workflow', { workflowId }).output().chain('start', 'sub', 'output').build()

describe('problems that depend on the server', () => {
  it('refuses an OpenAI agent when the server has no key, and accepts the demo and default models', () => {
    const doc = graph()
      .start()
      .agent('a', { name: 'Writer', model: { provider: 'openai' } })
      .agent('b', { model: { provider: 'default' } })
      .output()
      .chain('start', 'a', 'b', 'output')
      .build()
    expect(serverFactProblems(doc, facts)).toEqual([
      expect.objectContaining({ code: 'model_not_configured', severity: 'error', nodeId: 'a', message: expect.stringContaining('Agent "Writer" uses OpenAI') }),
    ])
    expect(serverFactProblems(doc, { ...facts, openAiConfigured: true })).toEqual([])
  })

  it('accepts an OpenAI agent at a base URL without the server key (it is never sent there)', () => {
    const doc = graph()
      .start()
      .agent('a', { model: { provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' } })
      .output()
      .chain('start', 'a', 'output')
      .build()
    expect(serverFactProblems(doc, facts)).toEqual([])
  })

  it('refuses Chat Completions without a key as it refuses the Responses API, and accepts it at a base URL', () => {
    const doc = graph()
      .start()
      .agent('a', { name: 'Chat', model: { provider: 'openai_chat' } })
      .agent('b', { model: { provider: 'openai_chat', baseUrl: 'http://127.0.0.1:11434/v1' } })
      .output()
      .chain('start', 'a', 'b', 'output')
      .build()
    expect(serverFactProblems(doc, facts)).toEqual([
      expect.objectContaining({
        code: 'model_not_configured',
        nodeId: 'a',
        message: expect.stringContaining('Agent "Chat" uses OpenAI\'s Chat Completions API'),
      }),
    ])
    expect(serverFactProblems(doc, { ...facts, openAiConfigured: true })).toEqual([])
  })

  it('refuses an Azure OpenAI agent with neither a credential nor the server’s endpoint and key', () => {
    const doc = graph()
      .start()
      .agent('a', { name: 'Azure', model: { provider: 'azure_openai', model: 'gpt-4o-prod' } })
      .agent('c', { model: { provider: 'azure_openai', model: 'gpt-4o-prod', credentialId: 'cred-azure' } })
      .output()
      .chain('start', 'a', 'c', 'output')
      .build()
    expect(serverFactProblems(doc, { ...facts, providersConfigured: { anthropic: true, gemini: true, azure_openai: false } })).toEqual([
      expect.objectContaining({
        code: 'model_not_configured',
        nodeId: 'a',
        message: expect.stringContaining('uses Azure OpenAI, but the server has no Azure OpenAI key (AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY'),
      }),
    ])
    expect(serverFactProblems(doc, { ...facts, providersConfigured: { anthropic: true, gemini: true, azure_openai: true } })).toEqual([])
  })

  it('refuses Anthropic and Gemini agents when the server has no key for them, and never asks one for Ollama', () => {
    const doc = graph()
      .start()
      .agent('a', { name: 'Claude', model: { provider: 'anthropic' } })
      .agent('g', { name: 'Gem', model: { provider: 'gemini' } })
      .agent('o', { model: { provider: 'ollama', model: 'llama3.2' } })
      .agent('p', { model: { provider: 'anthropic', baseUrl: 'https://gateway.example/anthropic' } })
      .output()
      .chain('start', 'a', 'g', 'o', 'p', 'output')
      .build()
    const none = { ...facts, providersConfigured: { anthropic: false, gemini: false } }
    expect(serverFactProblems(doc, none)).toEqual([
      expect.objectContaining({
        code: 'model_not_configured',
        nodeId: 'a',
        message: expect.stringContaining('uses Anthropic, but the server has no Anthropic key (ANTHROPIC_API_KEY)'),
      }),
      expect.objectContaining({ code: 'model_not_configured', nodeId: 'g', message: expect.stringContaining('(GEMINI_API_KEY or GOOGLE_API_KEY)') }),
    ])
    expect(serverFactProblems(doc, { ...facts, providersConfigured: { anthropic: true, gemini: true } })).toEqual([])
    // Facts that say nothing of these keys claim nothing: a run still fails at start, naming the key.
    expect(serverFactProblems(doc, facts)).toEqual([])

    const saved: ServerFacts = {
      ...none,
      savedAgents: [{ id: 'ag-claude', name: 'Claude', hasApiKey: false, versions: [{ version: 1, model: { provider: 'anthropic' } }] }],
    }
    const withClaude = graph().start().node('saved', 'agent_ref', { agentId: 'ag-claude' }).output().chain('start', 'saved', 'output').build()
    expect(serverFactProblems(withClaude, saved)).toEqual([
      expect.objectContaining({ code: 'model_not_configured', message: expect.stringContaining('Anthropic key') }),
    ])
  })

  it("refuses a saved agent that would need the server's key, by the version it runs; accepts one with its own key or a base URL", () => {
    const withSaved = (agentId: string, version?: number) =>
      graph()
        .start()
        .node('saved', 'agent_ref', { agentId, ...(version === undefined ? {} : { version }) })
        .output()
        .chain('start', 'saved', 'output')
        .build()
    expect(serverFactProblems(withSaved('ag-openai'), facts)).toEqual([
      expect.objectContaining({
        code: 'model_not_configured',
        severity: 'error',
        nodeId: 'saved',
        message: expect.stringContaining('Saved agent "Researcher" (v2) uses OpenAI'),
      }),
    ])
    // Pinned to the version on the demo model.
    expect(serverFactProblems(withSaved('ag-openai', 1), facts)).toEqual([])
    expect(serverFactProblems(withSaved('ag-chat'), facts)).toEqual([expect.objectContaining({ code: 'model_not_configured', nodeId: 'saved' })])
    expect(serverFactProblems(withSaved('ag-own-key'), facts)).toEqual([])
    expect(serverFactProblems(withSaved('ag-local'), facts)).toEqual([])
    expect(serverFactProblems(withSaved('ag-chat'), { ...facts, openAiConfigured: true })).toEqual([])
  })

  it('names unknown MCP servers and skills, participants included', () => {
    const doc = graph()
      .start()
      .agent('a', { mcpServerIds: ['research-assistant', 'ghost-server'], skillIds: ['house-tone', 'ghost-skill'] })
      .node('team', 'sequential', { participants: [{ id: 'p', name: 'Critic', instructions: 'x', mcpServerIds: ['other'] }] })
      .output()
      .chain('start', 'a', 'team', 'output')
      .build()
    const problems = serverFactProblems(doc, facts)
    expect(problems.map((p) => [p.code, p.nodeId])).toEqual([
      ['unknown_mcp_server', 'a'],
      ['unknown_skill', 'a'],
      ['unknown_mcp_server', 'team'],
    ])
    expect(problems[0]!.message).toContain('"ghost-server"')
    expect(problems[2]!.message).toContain('Participant "Critic"')
  })

  it("warns of a saved agent the workflow's workspace does not have, naming it (its run fails as it starts)", () => {
    const doc = (agentId: string) => graph().start().node('saved', 'agent_ref', { agentId }).output().chain('start', 'saved', 'output').build()
    expect(serverFactProblems(doc('ag-elsewhere'), facts)).toEqual([
      expect.objectContaining({ code: 'unknown_saved_agent', severity: 'warning', nodeId: 'saved', message: expect.stringContaining('"ag-elsewhere"') }),
    ])
    expect(serverFactProblems(doc('ag-local'), facts)).toEqual([])
    // No agent chosen yet is the node's own problem.
    expect(serverFactProblems(doc(''), facts)).toEqual([])
  })

  it('refuses a sub-workflow that runs its own workflow, by name', () => {
    const [problem] = serverFactProblems(withSub('w-self'), facts, 'w-self')
    expect(problem).toMatchObject({ code: 'sub_workflow_cycle', nodeId: 'sub' })
    expect(problem!.message).toBe('This sub-workflow runs its own workflow, "Newsletter": it would nest without end.')
  })

  it('refuses a sub-workflow that leads back to this workflow through others, naming the chain', () => {
    const [problem] = serverFactProblems(withSub('w-a'), facts, 'w-self')
    expect(problem!.message).toContain('"Newsletter" → "Summarise" → "Translate" → "Newsletter"')
  })

  it('refuses a sub-workflow that contains itself, and one that no longer exists; accepts a plain one', () => {
    expect(serverFactProblems(withSub('w-loop'), facts, 'w-self')[0]!.message).toContain('"Ouroboros" → "Ouroboros"')
    expect(serverFactProblems(withSub('w-gone'), facts, 'w-self')).toEqual([
      expect.objectContaining({ code: 'missing_sub_workflow', message: expect.stringContaining('"w-gone"') }),
    ])
    expect(serverFactProblems(withSub('w-ok'), facts, 'w-self')).toEqual([])
    // A draft not saved yet: nothing can lead back to it.
    expect(serverFactProblems(withSub('w-a'), facts)).toEqual([])
  })

  it('joins validate() when a context is given', () => {
    const doc = graph()
      .start()
      .agent('a', { model: { provider: 'openai' } })
      .output()
      .chain('start', 'a', 'output')
      .build()
    expect(validate(doc).ok).toBe(true)
    expect(validate(doc, { facts }).ok).toBe(false)
  })
})

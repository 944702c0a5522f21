import { describe, expect, it } from 'vitest'
import { serverFactProblems, type ServerFacts } from './server-facts'
import { graph } from './testing/graph-builder'
import { validate } from './validate'

const facts: ServerFacts = {
  openAiConfigured: false,
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
    expect(serverFactProblems(withSub('w-gone'), facts, 'w-self')).toEqual([expect.objectContaining({ code: 'missing_sub_workflow' })])
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

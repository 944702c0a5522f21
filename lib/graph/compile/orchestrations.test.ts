import { describe, expect, it } from 'vitest'
import { DemoChatClient, type ChatClient } from '@/lib/core'
import { ScriptedChatClient, modelResponse } from '@/lib/core/testing'
import { graph } from '../testing/graph-builder'
import { compile } from './compile'
import type { CompileRegistry } from './registry'

function registry(client: () => ChatClient = () => new DemoChatClient()): CompileRegistry {
  return {
    chatClient: client,
    mcpServer: () => {
      throw new Error('no servers in this test')
    },
    functionTool: () => undefined,
  }
}

const participant = (id: string, name = id) => ({ id, name, instructions: `You are ${name}.`, model: { provider: 'demo' } })

function around(kind: 'sequential' | 'concurrent' | 'group_chat' | 'magentic' | 'handoff', data: Record<string, unknown>) {
  return graph().start().node('team', kind, data).output().chain('start', 'team', 'output').build()
}

describe('compile: orchestration nodes', () => {
  it('sequential: participants answer in order and the final reply flows on as text', async () => {
    const client = new ScriptedChatClient([modelResponse('draft from the writer'), modelResponse('edited by the editor')])
    const document = around('sequential', { participants: [participant('writer', 'Writer'), participant('editor', 'Editor')] })
    const result = await compile(
      document,
      registry(() => client),
    ).run('write about owls')
    expect(result.getOutputs()).toEqual(['edited by the editor'])
    expect(client.calls[1]!.messages.map((m) => m.text)).toEqual(['write about owls', 'draft from the writer'])
    expect(client.calls[1]!.options.instructions).toBe('You are Editor.')
  })

  it('concurrent: replies are combined as labelled text, or as a list', async () => {
    const text = await compile(around('concurrent', { participants: [participant('a', 'Alpha'), participant('b', 'Beta')] }), registry()).run('x')
    expect(text.getOutputs()).toEqual(['Alpha:\nDemo reply: x\n\nBeta:\nDemo reply: x'])
    const list = await compile(around('concurrent', { participants: [participant('a'), participant('b')], aggregation: 'list' }), registry()).run('y')
    expect(list.getOutputs()).toEqual([['Demo reply: y', 'Demo reply: y']])
  })

  it('group chat: round robin for maxRounds, then the last reply flows on', async () => {
    const shared = new ScriptedChatClient([modelResponse('turn 1'), modelResponse('turn 2'), modelResponse('turn 3')])
    const document = around('group_chat', { participants: [participant('pro'), participant('con')], maxRounds: 3 })
    const events: string[] = []
    for await (const event of compile(
      document,
      registry(() => shared),
    ).runStream('debate')) {
      if (event.type === 'agent_response') events.push(event.executorId)
      if (event.type === 'output') events.push(`output:${String(event.data)}`)
    }
    expect(events).toEqual(['pro', 'con', 'pro', 'output:turn 3'])
    shared.assertComplete()
  })

  it('magentic: runs with a manager agent built from the node', async () => {
    const document = around('magentic', { participants: [participant('researcher')], maxRoundCount: 2, maxStallCount: 1 })
    const result = await compile(document, registry()).run('plan a trip')
    const delegated = result.events.filter((event) => event.type === 'agent_response').map((event) => (event as { executorId: string }).executorId)
    expect(delegated).toContain('researcher')
    const [answer] = result.getOutputs()
    // The demo model echoes the manager's final-answer prompt: a string reached the output node.
    expect(answer).toMatch(/^Demo reply: We are working on the request:/)
  })

  it('handoff: agents answer to their participant ids and the run asks the user between turns', async () => {
    const document = around('handoff', {
      participants: [participant('front', 'Front desk'), participant('billing', 'Billing')],
      handoffs: [{ from: 'front', to: ['billing'] }],
    })
    const events: Array<{ type: string; executorId?: string }> = []
    for await (const event of compile(document, registry()).runStream('/call handoff_to_billing {}')) {
      events.push(event as { type: string; executorId?: string })
    }
    const types = events.map((event) => event.type)
    expect(types).toContain('handoff_sent')
    expect(types.some((type) => type === 'request_info' || type === 'output')).toBe(true)
  })

  it('handoff: ends after the person has answered the set number of times, not before', async () => {
    const document = around('handoff', {
      participants: [participant('front', 'Front desk'), participant('billing', 'Billing')],
      handoffs: [{ from: 'front', to: ['billing'] }],
      endAfterUserTurns: 1,
    })
    const workflow = compile(document, registry())
    const first = await workflow.run('/call handoff_to_billing {}')
    expect(first.getOutputs()).toEqual([])
    const [question] = first.getRequestInfoEvents()
    expect((question!.data as { type: string; agentId: string }).agentId).toBe('billing')
    const second = await workflow.run(undefined, { responses: { [question!.requestId]: 'my invoice is wrong' } })
    expect(second.getRequestInfoEvents()).toEqual([])
    expect(second.getFinalState()).toBe('IDLE')
    expect(second.getOutputs()).toEqual([expect.stringContaining('my invoice is wrong')])
  })

  it('handoff: a document without the ending options still waits for the person (old behaviour)', async () => {
    const document = around('handoff', { participants: [participant('front', 'Front desk')] })
    const result = await compile(document, registry()).run('hello')
    expect(result.getOutputs()).toEqual([])
    expect(result.getRequestInfoEvents().map((event) => (event.data as { type: string }).type)).toEqual(['handoff_user_input'])
  })

  it('refuses to compile a participant with an unknown function tool', () => {
    const document = around('sequential', { participants: [{ ...participant('p'), functionTools: ['missing'] }] })
    expect(() => compile(document, registry())).toThrow(/Participant "p" of "team" uses the function tool "missing"/)
  })
})

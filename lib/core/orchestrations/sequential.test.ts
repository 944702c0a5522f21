import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, modelResponse } from '../testing'
import { AgentResponse, Message } from '../types'
import { InMemoryCheckpointStorage, Workflow, executor } from '../workflows'
import { AgentRequestInfoResponse, SequentialBuilder, type AgentReviewRequest } from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient) => new Agent({ name, client, logger: silentLogger })

describe('SequentialBuilder', () => {
  it('builds a Workflow in which each agent sees the conversation so far', async () => {
    const writerClient = new ScriptedChatClient([modelResponse('A haiku about rain.')])
    const reviewerClient = new ScriptedChatClient([modelResponse('Looks good.')])
    const team = new SequentialBuilder({ participants: [agent('writer', writerClient), agent('reviewer', reviewerClient)] }).build()
    expect(team).toBeInstanceOf(Workflow)
    const run = await team.run('Write a haiku')
    const [conversation] = run.getOutputs<Message[]>()
    expect(conversation.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Write a haiku'],
      ['assistant', 'A haiku about rain.'],
      ['assistant', 'Looks good.'],
    ])
    expect(reviewerClient.lastCall?.messages.map((m) => m.text)).toEqual(['Write a haiku', 'A haiku about rain.'])
    expect(run.getIntermediateOutputs<AgentResponse>().map((r) => r.text)).toEqual(['A haiku about rain.', 'Looks good.'])
    writerClient.assertComplete()
    reviewerClient.assertComplete()
  })

  it('passes only the previous reply with chainOnlyAgentResponses', async () => {
    const second = new ScriptedChatClient([modelResponse('Translated.')])
    const team = new SequentialBuilder({
      participants: [agent('first', new ScriptedChatClient([modelResponse('Bonjour')])), agent('second', second)],
      chainOnlyAgentResponses: true,
    }).build()
    await team.run('Say hello in French')
    expect(second.lastCall?.messages.map((m) => m.text)).toEqual(['Bonjour'])
  })

  it('accepts executors that take and send a conversation', async () => {
    const stamp = executor('stamp', async (conversation: Message[], ctx) =>
      ctx.sendMessage([...conversation, new Message({ role: 'assistant', text: 'stamped' })]),
    )
    const run = await new SequentialBuilder({ participants: [stamp, agent('echo', new DemoChatClient())] }).build().run('hello')
    expect(run.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['hello', 'stamped', 'Demo reply: hello'])
  })

  it('pauses for review with withRequestInfo and re-runs the agent with feedback', async () => {
    const client = new ScriptedChatClient([modelResponse('Draft one.'), modelResponse('Draft two.')])
    const storage = new InMemoryCheckpointStorage()
    const team = new SequentialBuilder({ participants: [agent('drafter', client)], checkpointStorage: storage }).withRequestInfo().build()
    const first = await team.run('Write a slogan')
    const [review] = first.getRequestInfoEvents()
    expect(review.executorId).toBe('drafter-review')
    expect(review.data as AgentReviewRequest).toMatchObject({ type: 'agent_review', executorId: 'drafter', text: 'Draft one.' })
    await expect(team.run(undefined, { responses: { [review.requestId]: 42 } })).rejects.toThrow('Response type mismatch')
    const second = await team.run(undefined, { responses: { [review.requestId]: AgentRequestInfoResponse.fromStrings(['Shorter please']) } })
    const [again] = second.getRequestInfoEvents()
    expect((again.data as AgentReviewRequest).text).toBe('Draft two.')
    expect(client.lastCall?.messages.map((m) => m.text)).toEqual(['Write a slogan', 'Draft one.', 'Shorter please'])
    const third = await team.run(undefined, { responses: { [again.requestId]: AgentRequestInfoResponse.approve() } })
    expect(third.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['Write a slogan', 'Draft one.', 'Shorter please', 'Draft two.'])
    client.assertComplete()
  })

  it('rejects an empty participant list and duplicate names', () => {
    expect(() => new SequentialBuilder({ participants: [] })).toThrow('SequentialBuilder needs at least one participant.')
    const a = agent('same', new DemoChatClient())
    const b = agent('same', new DemoChatClient())
    expect(() => new SequentialBuilder({ participants: [a, b] })).toThrow("Duplicate participant id 'same' in SequentialBuilder.")
  })
})

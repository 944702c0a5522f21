import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import type { Message } from '../types'
import { InMemoryCheckpointStorage, type HandoffSentEvent } from '../workflows'
import { DEFAULT_AUTONOMOUS_PROMPT, HandoffBuilder, type HandoffUserInputRequest } from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient, description?: string) =>
  new Agent({ name, client, description, logger: silentLogger })

describe('HandoffBuilder', () => {
  it('injects handoff_to tools (mesh by default) and moves the conversation on a handoff', async () => {
    const triageClient = new ScriptedChatClient([modelFunctionCalls(functionCall('handoff_to_billing', {}, 'h1')), modelResponse('Transferring you.')])
    const billingClient = new ScriptedChatClient([modelResponse('Your bill is $5.')])
    const triage = agent('triage', triageClient, 'Routes requests')
    const billing = agent('billing', billingClient, 'Answers billing questions')
    const support = agent('support', new DemoChatClient(), 'Fixes problems')
    const workflow = new HandoffBuilder({ participants: [triage, billing, support] }).build()
    const run = await workflow.run('How much do I owe?')
    expect(triageClient.calls[0].options.tools?.map((t) => t.name).sort()).toEqual(['handoff_to_billing', 'handoff_to_support'])
    expect(run.events.find((e): e is HandoffSentEvent => e.type === 'handoff_sent')).toEqual({
      type: 'handoff_sent',
      executorId: 'triage',
      source: 'triage',
      target: 'billing',
    })
    // The next agent sees the conversation without the handoff call.
    expect(billingClient.lastCall?.messages.map((m) => m.text)).toEqual(['How much do I owe?', 'Transferring you.'])
    expect(billingClient.lastCall?.messages.some((m) => m.contents.some((c) => c.type === 'function_call'))).toBe(false)
    const [request] = run.getRequestInfoEvents()
    expect(run.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    expect(request.data as HandoffUserInputRequest).toMatchObject({ type: 'handoff_user_input', agentId: 'billing', text: 'Your bill is $5.' })
  })

  it('continues with the user answer and ends on the termination condition', async () => {
    const client = new ScriptedChatClient([modelResponse('What is your order number?'), modelResponse('Refund issued.')])
    const storage = new InMemoryCheckpointStorage()
    const make = () =>
      new HandoffBuilder({
        participants: [agent('support', client), agent('other', new DemoChatClient())],
        terminationCondition: (conversation: readonly Message[]) => conversation.filter((m) => m.role === 'user').length >= 2,
        checkpointStorage: storage,
      }).build()
    const first = await make().run('I want a refund')
    const [request] = first.getRequestInfoEvents()
    const latest = (await storage.list()).at(-1)!
    const second = await make().run(undefined, { checkpointId: latest.checkpointId, responses: { [request.requestId]: 'Order 42' } })
    expect(second.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['I want a refund', 'What is your order number?', 'Order 42', 'Refund issued.'])
    client.assertComplete()
  })

  it('respects declared handoffs only', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => agent(name, new DemoChatClient()))
    const builder = new HandoffBuilder({ participants: [a, b, c] }).addHandoff(a, [b, c]).addHandoff(b, a)
    const workflow = builder.build()
    const edges = workflow.toJSON().edgeGroups.map((g) => `${g.edges[0].sourceId}->${g.edges[0].targetId}`)
    expect(edges.sort()).toEqual(['a->b', 'a->c', 'b->a'])
    expect(() => builder.addHandoff(a, a)).toThrow("Agent 'a' cannot hand off to itself.")
    expect(() => builder.addHandoff(a, agent('stranger', new DemoChatClient()))).toThrow("'stranger' is not a participant of this HandoffBuilder.")
  })

  it('continues autonomously up to the turn limit, then waits for the user', async () => {
    const client = new ScriptedChatClient([modelResponse('Step 1'), modelResponse('Step 2'), modelResponse('Step 3')])
    const workflow = new HandoffBuilder({ participants: [agent('worker', client), agent('idle', new DemoChatClient())] })
      .withAutonomousMode({ turnLimits: 2 })
      .build()
    const run = await workflow.run('Do the job')
    expect(client.lastCall?.messages.map((m) => m.text)).toEqual(['Do the job', 'Step 1', DEFAULT_AUTONOMOUS_PROMPT, 'Step 2', DEFAULT_AUTONOMOUS_PROMPT])
    expect((run.getRequestInfoEvents()[0].data as HandoffUserInputRequest).text).toBe('Step 3')
    client.assertComplete()
  })

  it('requires agents as participants', () => {
    expect(() => new HandoffBuilder({ participants: [] })).toThrow('HandoffBuilder needs at least one participant.')
    expect(() => new HandoffBuilder({ participants: [{} as never] })).toThrow('Handoff participants must be agents.')
  })
})

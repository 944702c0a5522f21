import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, modelResponse } from '../testing'
import type { Message } from '../types'
import { AgentExecutorResponse, Executor, type WorkflowContext } from '../workflows'
import { AgentRequestInfoResponse, ConcurrentBuilder } from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient) => new Agent({ name, client, logger: silentLogger })

describe('ConcurrentBuilder', () => {
  it('asks every participant and outputs one message per participant', async () => {
    const legal = new ScriptedChatClient([modelResponse('Legal: fine.')])
    const finance = new ScriptedChatClient([modelResponse('Finance: costly.')])
    const workflow = new ConcurrentBuilder({ participants: [agent('legal', legal), agent('finance', finance)] }).build()
    const run = await workflow.run('Review the contract')
    const [messages] = run.getOutputs<Message[]>()
    expect(messages.map((m) => [m.authorName, m.text])).toEqual([
      ['legal', 'Legal: fine.'],
      ['finance', 'Finance: costly.'],
    ])
    expect(legal.lastCall?.messages.map((m) => m.text)).toEqual(['Review the contract'])
    expect(finance.lastCall?.messages.map((m) => m.text)).toEqual(['Review the contract'])
    const agentRuns = run.events.filter((e) => e.type === 'executor_invoked' && (e.executorId === 'legal' || e.executorId === 'finance'))
    expect(agentRuns).toHaveLength(2)
  })

  it('uses a custom aggregator function', async () => {
    const workflow = new ConcurrentBuilder({ participants: [agent('a', new DemoChatClient()), agent('b', new DemoChatClient())] })
      .withAggregator((results) => (results as AgentExecutorResponse[]).map((r) => `${r.executorId}=${r.agentResponse.text}`).join(' | '))
      .build()
    expect((await workflow.run('x')).getOutputs()).toEqual(['a=Demo reply: x | b=Demo reply: x'])
  })

  it('uses a custom aggregator executor', async () => {
    class CountAggregator extends Executor<unknown[], never, number> {
      constructor() {
        super('counter')
        this.addHandler<unknown[]>(Array.isArray, (results, ctx: WorkflowContext<never, number>) => ctx.yieldOutput(results.length))
      }
    }
    const workflow = new ConcurrentBuilder({ participants: [agent('a', new DemoChatClient()), agent('b', new DemoChatClient())] })
      .withAggregator(new CountAggregator())
      .build()
    expect((await workflow.run('x')).getOutputs()).toEqual([2])
  })

  it('works with a single participant and with custom executors', async () => {
    class Upper extends Executor<Message[], string> {
      constructor() {
        super('upper')
        this.addHandler<Message[]>(
          (m) => Array.isArray(m),
          (conversation, ctx) => ctx.sendMessage(conversation[0].text.toUpperCase()),
        )
      }
    }
    const single = new ConcurrentBuilder({ participants: [agent('solo', new DemoChatClient())] }).build()
    expect((await single.run('hi')).getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['Demo reply: hi'])
    const mixed = new ConcurrentBuilder({ participants: [new Upper(), agent('demo', new DemoChatClient())] }).build()
    expect((await mixed.run('hi')).getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['HI', 'Demo reply: hi'])
  })

  it('reviews replies before aggregating with withRequestInfo', async () => {
    const client = new ScriptedChatClient([modelResponse('v1')])
    const unreviewed = new ConcurrentBuilder({ participants: [agent('x', new DemoChatClient()), agent('y', new DemoChatClient())] })
      .withRequestInfo({ agents: [] })
      .build()
    expect((await unreviewed.run('go')).getRequestInfoEvents()).toEqual([])
    const reviewed = new ConcurrentBuilder({ participants: [agent('writer', client), agent('demo', new DemoChatClient())] }).withRequestInfo().build()
    const first = await reviewed.run('go')
    expect(
      first
        .getRequestInfoEvents()
        .map((e) => e.executorId)
        .sort(),
    ).toEqual(['demo-review', 'writer-review'])
    const responses = Object.fromEntries(first.getRequestInfoEvents().map((e) => [e.requestId, AgentRequestInfoResponse.approve()]))
    const second = await reviewed.run(undefined, { responses })
    expect(second.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['v1', 'Demo reply: go'])
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse, modelStream } from '../testing'
import { tool } from '../tools/tool'
import { AgentResponse, type FunctionApprovalRequestContent } from '../types'
import { AgentExecutor, AgentExecutorResponse, InMemoryCheckpointStorage, WorkflowBuilder, executor, type AgentUpdateEvent, type WorkflowEvent } from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
  new Agent({ name, client, logger: silentLogger, ...extra })

describe('AgentExecutor', () => {
  it('wraps an agent given to the builder and yields its response', async () => {
    const client = new ScriptedChatClient([modelResponse({ text: 'Hello there.', usage: { inputTokenCount: 3, outputTokenCount: 2, totalTokenCount: 5 } })])
    const writer = agent('writer', client)
    const workflow = new WorkflowBuilder({ startExecutor: writer }).build()
    expect(workflow.getStartExecutor()).toBeInstanceOf(AgentExecutor)
    expect(workflow.startExecutorId).toBe('writer')
    const run = await workflow.run('Say hello')
    const [response] = run.getOutputs<AgentResponse>()
    expect(response).toBeInstanceOf(AgentResponse)
    expect(response.text).toBe('Hello there.')
    expect(run.events.find((e) => e.type === 'agent_response')).toEqual({
      type: 'agent_response',
      executorId: 'writer',
      text: 'Hello there.',
      usage: { inputTokenCount: 3, outputTokenCount: 2, totalTokenCount: 5 },
      finishReason: 'stop',
    })
    expect(client.lastCall?.messages.map((m) => m.text)).toEqual(['Say hello'])
    client.assertComplete()
  })

  it('surfaces streaming updates as agent_update events in runStream', async () => {
    const client = new ScriptedChatClient([modelStream(['Hel', 'lo', '!'])])
    const workflow = new WorkflowBuilder({ startExecutor: agent('streamer', client) }).build()
    const events: WorkflowEvent[] = []
    for await (const event of workflow.runStream('hi')) events.push(event)
    const updates = events.filter((e): e is AgentUpdateEvent => e.type === 'agent_update')
    expect(updates.map((u) => u.text)).toEqual(['Hel', 'lo', '!'])
    expect(updates[0]).toMatchObject({ executorId: 'streamer', contents: [{ type: 'text', text: 'Hel' }] })
    const output = events.find((e) => e.type === 'output')
    expect((output as { data: AgentResponse }).data.text).toBe('Hello!')
  })

  it('hands the whole conversation to the next agent in a chain', async () => {
    const first = new ScriptedChatClient([modelResponse('Draft: cats are great.')])
    const second = new ScriptedChatClient([modelResponse('Edited: Cats are great!')])
    const drafter = agent('drafter', first)
    const editor = agent('editor', second)
    const workflow = new WorkflowBuilder({ startExecutor: drafter, outputFrom: [editor] }).addEdge(drafter, editor).build()
    const run = await workflow.run('Write about cats')
    expect(run.getOutputs<AgentResponse>().map((r) => r.text)).toEqual(['Edited: Cats are great!'])
    expect(second.lastCall?.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Write about cats'],
      ['assistant', 'Draft: cats are great.'],
    ])
  })

  it('sends an AgentExecutorResponse downstream', async () => {
    const client = new ScriptedChatClient([modelResponse('42')])
    const answerer = agent('answerer', client)
    const inspect = executor('inspect', async (response: AgentExecutorResponse, ctx) =>
      ctx.yieldOutput([response.executorId, response.agentResponse.text, response.fullConversation.length]),
    )
    const run = await new WorkflowBuilder({ startExecutor: answerer, outputFrom: [inspect] }).addEdge(answerer, inspect).build().run('?')
    expect(run.getOutputs()).toEqual([['answerer', '42', 2]])
  })

  describe('tool approvals', () => {
    function approvalWorkflow(client: ScriptedChatClient, calls: string[]) {
      const deploy = tool({
        name: 'deploy',
        description: 'Deploy a service',
        parameters: z.object({ service: z.string() }),
        approvalMode: 'always_require',
        execute: async ({ service }) => {
          calls.push(service)
          return `deployed ${service}`
        },
      })
      return new WorkflowBuilder({ startExecutor: agent('ops', client, { tools: [deploy] }), name: 'ops' }).build()
    }

    it('turns approval requests into request_info and continues with the answer', async () => {
      const calls: string[] = []
      const client = new ScriptedChatClient([modelFunctionCalls(functionCall('deploy', { service: 'api' }, 'call-1')), modelResponse('Deployed the API.')])
      const workflow = approvalWorkflow(client, calls)
      const first = await workflow.run('Deploy the api')
      expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
      const [request] = first.getRequestInfoEvents()
      expect(request.requestId).toBe('call-1')
      expect((request.data as FunctionApprovalRequestContent).functionCall.name).toBe('deploy')
      expect(calls).toEqual([])
      const second = await workflow.run(undefined, { responses: { 'call-1': true } })
      expect(calls).toEqual(['api'])
      expect(second.getOutputs<AgentResponse>().map((r) => r.text)).toEqual(['Deployed the API.'])
      client.assertComplete()
    })

    it('keeps the pending approval across a checkpoint and a new instance', async () => {
      const calls: string[] = []
      const storage = new InMemoryCheckpointStorage()
      const client = new ScriptedChatClient([modelFunctionCalls(functionCall('deploy', { service: 'web' }, 'call-9')), modelResponse('Not deployed.')])
      await approvalWorkflow(client, calls).run('Deploy web', { checkpointStorage: storage })
      const latest = (await storage.list()).at(-1)!
      const resumed = await approvalWorkflow(client, calls).run(undefined, {
        checkpointId: latest.checkpointId,
        checkpointStorage: storage,
        responses: { 'call-9': { approved: false } },
      })
      expect(calls).toEqual([])
      expect(resumed.getOutputs<AgentResponse>().map((r) => r.text)).toEqual(['Not deployed.'])
      const lastMessages = client.lastCall!.messages
      expect(lastMessages[0].text).toBe('Deploy web')
      expect(lastMessages.some((m) => m.contents.some((c) => c.type === 'function_result'))).toBe(true)
    })
  })

  it('runs with the offline demo model', async () => {
    const run = await new WorkflowBuilder({ startExecutor: agent('demo', new DemoChatClient()) }).build().run('ping')
    expect(run.getOutputs<AgentResponse>()[0].text).toBe('Demo reply: ping')
  })
})

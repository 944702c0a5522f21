import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { ScriptedChatClient, modelResponse } from '../testing'
import type { Message } from '../types'
import { InMemoryCheckpointStorage, type GroupChatEvent, type WorkflowEvent } from '../workflows'
import { AgentRequestInfoResponse, GroupChatBuilder, type GroupChatState } from './index'

const agent = (name: string, client: ScriptedChatClient | DemoChatClient, description?: string) =>
  new Agent({ name, client, description, logger: silentLogger })

describe('GroupChatBuilder', () => {
  it('lets a selection function pick speakers until it returns nothing', async () => {
    const alice = new ScriptedChatClient([modelResponse('Alice 1'), modelResponse('Alice 2')])
    const bob = new ScriptedChatClient([modelResponse('Bob 1')])
    const states: GroupChatState[] = []
    const order = ['alice', 'bob', 'alice']
    const workflow = new GroupChatBuilder({
      participants: [agent('alice', alice, 'Writes'), agent('bob', bob, 'Edits')],
      selectionFunction: (state) => {
        states.push(state)
        return order[state.currentRound]
      },
    }).build()
    const run = await workflow.run('Plan a trip')
    const [conversation] = run.getOutputs<Message[]>()
    expect(conversation.map((m) => [m.authorName ?? m.role, m.text])).toEqual([
      ['user', 'Plan a trip'],
      ['alice', 'Alice 1'],
      ['bob', 'Bob 1'],
      ['alice', 'Alice 2'],
    ])
    expect(states[0].participants).toEqual({ alice: 'Writes', bob: 'Edits' })
    // Each participant receives only what it has not seen yet, and keeps its own history.
    expect(alice.lastCall?.messages.map((m) => m.text)).toEqual(['Plan a trip', 'Alice 1', 'Bob 1'])
    expect(bob.lastCall?.messages.map((m) => m.text)).toEqual(['Plan a trip', 'Alice 1'])
    const chatEvents = run.events.filter((e): e is GroupChatEvent => e.type === 'group_chat').map((e) => e.data as { kind: string })
    expect(chatEvents.map((e) => e.kind)).toEqual([
      'speaker_selected',
      'response_received',
      'speaker_selected',
      'response_received',
      'speaker_selected',
      'response_received',
      'completed',
    ])
  })

  it('stops at maxRounds and on the termination condition', async () => {
    const build = (options: { maxRounds?: number; stopWhen?: (c: readonly Message[]) => boolean }) =>
      new GroupChatBuilder({
        participants: [agent('a', new DemoChatClient()), agent('b', new DemoChatClient())],
        selectionFunction: (state) => (state.currentRound % 2 === 0 ? 'a' : 'b'),
        maxRounds: options.maxRounds,
        terminationCondition: options.stopWhen,
      }).build()
    const limited = await build({ maxRounds: 3 }).run('go')
    expect(limited.getOutputs<Message[]>()[0]).toHaveLength(4)
    const stopped = await build({ stopWhen: (c) => c.length >= 3 }).run('go')
    expect(stopped.getOutputs<Message[]>()[0]).toHaveLength(3)
  })

  it('follows an orchestrator agent and falls back when its reply is not a decision', async () => {
    const manager = new ScriptedChatClient([
      modelResponse('{"terminate": false, "reason": "start", "next_speaker": "bob", "final_message": null}'),
      modelResponse('not json at all'),
      modelResponse('```json\n{"terminate": true, "reason": "done", "next_speaker": null, "final_message": "All set."}\n```'),
    ])
    const workflow = new GroupChatBuilder({
      participants: [agent('alice', new DemoChatClient()), agent('bob', new DemoChatClient())],
      orchestratorAgent: agent('manager', manager),
    }).build()
    const run = await workflow.run('hello')
    const [conversation] = run.getOutputs<Message[]>()
    expect(conversation.map((m) => m.authorName ?? m.role)).toEqual(['user', 'bob', 'bob', 'group_chat_orchestrator'])
    expect(conversation.at(-1)?.text).toBe('All set.')
    expect(run.events.some((e: WorkflowEvent) => e.type === 'warning' && e.message.includes("'bob' speaks next"))).toBe(true)
    manager.assertComplete()
  })

  it('needs exactly one way to choose speakers and rejects unknown speakers', async () => {
    const participants = [agent('a', new DemoChatClient())]
    expect(() => new GroupChatBuilder({ participants })).toThrow('GroupChatBuilder needs exactly one of orchestratorAgent or selectionFunction.')
    expect(() => new GroupChatBuilder({ participants, selectionFunction: () => 'a', orchestratorAgent: agent('m', new DemoChatClient()) })).toThrow(
      'exactly one',
    )
    const workflow = new GroupChatBuilder({ participants, selectionFunction: () => 'zed' }).build()
    await expect(workflow.run('x')).rejects.toThrow("The group chat selected 'zed', which is not a participant (a).")
  })

  it('reviews replies with withRequestInfo and survives a checkpoint', async () => {
    const storage = new InMemoryCheckpointStorage()
    const make = () =>
      new GroupChatBuilder({
        participants: [agent('a', new DemoChatClient())],
        selectionFunction: (state) => (state.currentRound < 1 ? 'a' : undefined),
        checkpointStorage: storage,
      })
        .withRequestInfo()
        .build()
    const first = await make().run('hi')
    const [request] = first.getRequestInfoEvents()
    expect(request.executorId).toBe('a-review')
    const latest = (await storage.list()).at(-1)!
    const resumed = await make().run(undefined, { checkpointId: latest.checkpointId, responses: { [request.requestId]: AgentRequestInfoResponse.approve() } })
    expect(resumed.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['hi', 'Demo reply: hi'])
  })
})

/**
 * What a streamed conversation turn stores while it is written, which is what the chat shows live:
 * a model (the real `openai` package against the loopback server) that streams text, then a tool
 * call, then, after the tool's result, more text and a pause. Each part is stored in the order it
 * streamed, before the turn ends: the text before the pause does not wait for the reply to finish.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { AgentSettingsSchema } from '@/lib/graph'
import { RunService } from '../runs/run-service'
import { RunWorker } from '../runs/execution/run-worker'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { ConversationService } from './conversation-service'

let model: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (model = started))

describe('a streamed conversation turn', () => {
  let app: TestApp
  let worker: RunWorker | undefined

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })

  afterEach(async () => {
    await worker?.stop()
    worker = undefined
  })

  afterAll(async () => {
    await app?.close()
  })

  async function conversationWith(provider: 'openai' | 'openai_chat', toolApprovalMode: 'never_require' | 'always_require' = 'never_require') {
    const agent = await app.db.prisma.agent.create({ data: { name: `Counter ${provider}`, ownerId: app.admin.id } })
    const definition = AgentSettingsSchema.parse({
      name: 'Counter',
      model: { provider, model: 'gpt-test', baseUrl: model.baseURL },
      functionTools: ['word_count'],
      toolApprovalMode,
    })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition } })
    return new ConversationService(app).create(principalOf(app.admin), agent.id, { title: '' })
  }

  const storedEvents = async (runId: string) =>
    (await app.db.prisma.runEvent.findMany({ where: { runId }, orderBy: { sequence: 'asc' } })).map((row) => ({
      type: row.type,
      data: row.data as Record<string, unknown>,
    }))
  const chatParts = (events: Array<{ type: string; data: Record<string, unknown> }>) =>
    events.flatMap(({ type, data }) => {
      if (type === 'agent_update') return [`text: ${String(data.text)}`]
      if (type === 'tool_call') return [`call ${String(data.callId)} ${String(data.name)} ${JSON.stringify(data.arguments)}`]
      if (type === 'tool_result') return [`result ${String(data.callId)} ${JSON.stringify(data.result)}`]
      return []
    })

  it.each(['openai_chat', 'openai'] as const)('stores text, tool call, result and the text after it in order, as they stream (%s)', async (provider) => {
    const conversation = await conversationWith(provider)
    model.enqueue(
      { text: ['Let me ', 'count.'], toolCalls: [{ callId: 'call_1', name: 'word_count', arguments: ['{"text":', '"a b c"}'] }] },
      // Three events of the second reply (its start and two text deltas), then the model pauses with the stream open.
      { text: ['There are ', 'three words', ' in it.'], stallAfterEvents: provider === 'openai_chat' ? 3 : 6 },
    )
    const { runId } = await new ConversationService(app).send(principalOf(app.admin), conversation.id, 'How many words in "a b c"?')
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()

    // While the model pauses, what it said so far is stored: the turn is still running.
    const parts = await waitFor(async () => {
      const stored = chatParts(await storedEvents(runId))
      return stored.join('').includes('three words') ? stored : undefined
    })
    expect(parts.map((part) => part.replace(/result call_1 .*/, 'result call_1'))).toEqual([
      'text: Let me count.',
      'call call_1 word_count {"text":"a b c"}',
      'result call_1',
      expect.stringMatching(/^text: There are three words/),
    ])
    expect(parts[2]).toContain('3')
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('running')

    await new RunService(app).cancel(principalOf(app.admin), runId)
    await waitFor(async () => (app.activeRuns.get(runId) ? undefined : true))
    const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
    expect(run.status).toBe('cancelled')
    expect((await storedEvents(runId)).at(-1)?.type).toBe('run_cancelled')
  })

  it('goes on after a turn stopped while its tool call waited for approval: the model is sent no call without its result', async () => {
    const conversation = await conversationWith('openai_chat', 'always_require')
    const conversations = new ConversationService(app)
    model.enqueue({ toolCalls: [{ callId: 'call_9', name: 'word_count', arguments: '{"text":"a b"}' }] })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
    const first = await conversations.send(principalOf(app.admin), conversation.id, 'Count "a b"')
    await waitFor(async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: first.runId, status: 'pending' } })) ?? undefined)
    await new RunService(app).cancel(principalOf(app.admin), first.runId)

    model.enqueue({ text: 'Still here.' })
    const next = await conversations.send(principalOf(app.admin), conversation.id, 'Still there?')
    const ended = await waitFor(async () => {
      const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: next.runId } })
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : undefined
    })
    expect(ended.status).toBe('succeeded')
    const sent = model.requests.at(-1)!.body.messages as Array<{ role: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string }>
    const answered = new Set(sent.filter((message) => message.role === 'tool').map((message) => message.tool_call_id))
    const calls = sent.flatMap((message) => message.tool_calls ?? []).map((call) => call.id)
    expect(calls.filter((id) => !answered.has(id))).toEqual([])
  })
})

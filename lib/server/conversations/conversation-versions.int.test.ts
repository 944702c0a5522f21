/**
 * Conversations through the real run path: pinned to an agent version or following the latest
 * (each turn records the version that answered), and kept by the Responses service when the agent
 * asks (the loopback OpenAI server): the second turn continues the first response and sends only
 * its new message, while the whole history is still stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { AgentService } from '../agents/agent-service'
import type { Principal } from '../auth/principal'
import { createWorkerTestApp, type WorkerTestApp } from '../testing/worker-test-app'
import { ConversationService } from './conversation-service'

describe('conversation versions and service-kept conversations', () => {
  let app: WorkerTestApp
  let server: LoopbackOpenAIServer
  let alice: Principal
  let agents: AgentService
  let conversations: ConversationService

  beforeAll(async () => {
    server = await startLoopbackOpenAIServer()
    app = await createWorkerTestApp({ install: false })
    alice = await app.addMember()
    agents = new AgentService(app.db.prisma, app.secrets)
    conversations = new ConversationService(app)
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
  })

  const turn = async (id: string, text: string) => {
    const { runId } = await conversations.send(alice, id, text)
    const run = await app.endedRun(runId)
    expect(run.error).toBeNull()
    return run
  }

  it('uses the pinned version for every turn, and the latest once unpinned', async () => {
    const { agent } = await agents.create(alice, { name: 'Versioned', definition: { model: { provider: 'demo' } } as never })
    await agents.createVersion(alice, agent.id, { definition: { model: { provider: 'demo' }, instructions: 'v2' } as never }, 1)
    await expect(conversations.create(alice, agent.id, { title: 'x', version: 9 })).rejects.toMatchObject({ code: 'not_found' })

    const pinned = await conversations.create(alice, agent.id, { title: 'Pinned', version: 1 })
    expect(pinned.pinnedVersion).toBe(1)
    await turn(pinned.id, 'one')
    expect(await conversations.update(alice, pinned.id, { version: null })).toMatchObject({ pinnedVersion: null, title: 'Pinned' })
    await turn(pinned.id, 'two')
    await expect(conversations.update(alice, pinned.id, { version: 3 })).rejects.toMatchObject({ code: 'not_found' })

    const detail = await conversations.get(alice, pinned.id)
    expect(detail).toMatchObject({ pinnedVersion: null, latestVersion: 2 })
    expect(detail.turns.map((each) => each.version)).toEqual([1, 2])
  })

  it('continues the response the service kept and sends only the new message, storing the whole history', async () => {
    const { agent } = await agents.create(alice, {
      name: 'Kept',
      definition: { model: { provider: 'openai', baseUrl: server.baseURL, model: 'gpt-test' }, keepConversationOnService: true } as never,
      apiKey: 'sk-kept',
    })
    const conversation = await conversations.create(alice, agent.id, { title: '' })
    server.enqueue({ text: 'Hello.' }, { text: 'Again.' })

    await turn(conversation.id, 'first')
    const [first] = server.bodiesFor('responses')
    expect(first).toMatchObject({ store: true })
    expect(first.previous_response_id).toBeUndefined()
    const kept = (await app.db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).serviceSessionId
    expect(kept).toMatch(/^resp_/)

    await turn(conversation.id, 'second')
    const second = server.bodiesFor('responses')[1]
    expect(second).toMatchObject({ store: true, previous_response_id: kept })
    expect(second.input).toEqual([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'second' }] }])

    const stored = await app.db.prisma.chatMessage.findMany({ where: { conversationId: conversation.id }, orderBy: { position: 'asc' } })
    expect(stored.map((row) => (JSON.parse(row.message) as { contents: Array<{ text?: string }> }).contents[0]?.text)).toEqual([
      'first',
      'Hello.',
      'second',
      'Again.',
    ])
  })
})

/**
 * A saved agent's own API key on the real run path, against the loopback OpenAI server: a
 * conversation turn and a workflow's agent_ref node send it in `Authorization`; a base-URL agent
 * without one is never sent the server's OPENAI_API_KEY; the key is in no view, row or event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { ConversationService } from '../conversations/conversation-service'
import { RunService } from '../runs/run-service'
import { createWorkerTestApp, type WorkerTestApp } from '../testing/worker-test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { loadTurnStart } from '../conversations/agent-conversation'
import { AgentService } from './agent-service'

const AGENT_KEY = 'sk-agent-canary-5f2d9c'
const SERVER_KEY = 'sk-server-canary-81ab3e'

describe("an agent's own API key", () => {
  let app: WorkerTestApp
  let server: LoopbackOpenAIServer
  let alice: Principal
  let agents: AgentService
  let conversations: ConversationService
  const previousKey = process.env.OPENAI_API_KEY

  beforeAll(async () => {
    process.env.OPENAI_API_KEY = SERVER_KEY
    server = await startLoopbackOpenAIServer()
    app = await createWorkerTestApp({ install: false })
    alice = await app.addMember()
    agents = new AgentService(app.db.prisma, app.secrets)
    conversations = new ConversationService(app)
  })
  afterAll(async () => {
    if (previousKey === undefined) delete process.env.OPENAI_API_KEY
    else process.env.OPENAI_API_KEY = previousKey
    await app?.close()
    await server?.close()
  })

  const ended = (runId: string) => app.endedRun(runId)
  const lastAuthorization = () => server.requests.at(-1)?.headers.authorization
  const model = () => ({ provider: 'openai', baseUrl: server.baseURL, model: 'gpt-test' })

  it('is sent by a conversation turn, shown only as hasApiKey, and when removed the server key is not sent instead', async () => {
    const created = await agents.create(alice, { name: 'Keyed', definition: { model: model() } as never, apiKey: AGENT_KEY })
    expect(created.agent.hasApiKey).toBe(true)
    const agentId = created.agent.id
    const views = [created, await agents.get(alice, agentId), await agents.list(alice)]
    for (const view of views) expect(JSON.stringify(view)).not.toContain(AGENT_KEY)
    const row = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
    expect(row.apiKey).not.toContain(AGENT_KEY)

    const conversation = await conversations.create(alice, agentId, { title: '' })
    server.enqueue({ text: 'Hello.' })
    const first = await conversations.send(alice, conversation.id, 'hi')
    expect(await ended(first.runId)).toMatchObject({ status: 'succeeded' })
    expect(lastAuthorization()).toBe(`Bearer ${AGENT_KEY}`)
    const events = await app.events.listAfter(first.runId, 0, 1_000)
    expect(JSON.stringify(events)).not.toContain(AGENT_KEY)

    const cleared = await agents.update(alice, agentId, { apiKey: null })
    expect(cleared.agent.hasApiKey).toBe(false)
    server.enqueue({ text: 'Again.' })
    const second = await conversations.send(alice, conversation.id, 'again')
    expect(await ended(second.runId)).toMatchObject({ status: 'succeeded' })
    expect(lastAuthorization()).toBe('Bearer none')
    expect(JSON.stringify(server.requests.map((request) => request.headers))).not.toContain(SERVER_KEY)

    // Turns started at once in this process (as the chat and /v1/responses start them) have what they start from,
    // the key included, from the statement that inserts them: the key is sent there too, and its removal holds.
    server.enqueue({ text: 'At once.' })
    const atOnce = await conversations.send(alice, conversation.id, 'now', { runNow: true })
    expect(await ended(atOnce.runId)).toMatchObject({ status: 'succeeded' })
    expect(lastAuthorization()).toBe('Bearer none')
    await agents.update(alice, agentId, { apiKey: AGENT_KEY })
    for (const start of [
      () => conversations.send(alice, conversation.id, 'keyed again', { runNow: true }),
      () => conversations.sendToNew(alice, agentId, 'a new conversation', { runNow: true, history: [{ role: 'user', text: 'before' }] }),
    ]) {
      server.enqueue({ text: 'Keyed.' })
      const turn = await start()
      expect(await ended(turn.runId)).toMatchObject({ status: 'succeeded' })
      expect(lastAuthorization()).toBe(`Bearer ${AGENT_KEY}`)
      expect(JSON.stringify(await app.events.listAfter(turn.runId, 0, 1_000))).not.toContain(AGENT_KEY)
    }
    // The new conversation's earlier message reached the model with the new one.
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('before')

    const audit = await app.db.prisma.auditLog.findMany({ where: { resourceType: 'agent', resourceId: agentId }, orderBy: { createdAt: 'asc' } })
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ['agent.api_key_change', { hasApiKey: true }],
      ['agent.api_key_change', { hasApiKey: false }],
      ['agent.api_key_change', { hasApiKey: true }],
    ])
    expect(JSON.stringify(audit)).not.toContain(AGENT_KEY)
  })

  it('is sent for an agent_ref node of a workflow run, and cut out of outside text', async () => {
    const { agent } = await agents.create(alice, { name: 'Referred', definition: { model: model() } as never })
    await agents.update(alice, agent.id, { apiKey: AGENT_KEY })
    const refers = graph().start().node('saved', 'agent_ref', { agentId: agent.id }).output().chain('start', 'saved', 'output').build()
    const workflowId = (await new WorkflowService(app.db.prisma).create(alice, { name: 'refers', graph: refers })).workflow.id
    server.enqueue({ text: 'From the saved agent.' })
    const run = await new RunService(app).create(alice, { workflowId, input: 'hi' })
    expect(await ended(run.id)).toMatchObject({ status: 'succeeded' })
    expect(lastAuthorization()).toBe(`Bearer ${AGENT_KEY}`)
    expect((await app.secretScopes.forRun(run.id)).redact(`leaked ${AGENT_KEY}`)).not.toContain(AGENT_KEY)
  })

  it("is given to a run only within what the run's owner may use", async () => {
    const created = await agents.create(alice, { name: 'Scoped', definition: { model: model() } as never, apiKey: AGENT_KEY })
    const version = await app.db.prisma.agentVersion.findFirstOrThrow({ where: { agentId: created.agent.id }, select: { id: true } })
    // As a turn reads it when it starts (with its conversation, here one that has no row yet).
    const keyFor = async (visible: { workspaceId?: string | null }) => (await loadTurnStart(app, 'no-such-conversation', version.id, visible)).apiKey
    expect(await keyFor({})).toBe(AGENT_KEY)
    expect(await keyFor({ workspaceId: alice.personalWorkspaceId })).toBe(AGENT_KEY)
    expect(await keyFor({ workspaceId: 'someone-else' })).toBeUndefined()
    expect(await keyFor({ workspaceId: null })).toBeUndefined()
  })
})

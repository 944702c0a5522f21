/**
 * Conversation turns across processes and interruptions: a turn waiting for a tool approval is
 * answered through another web process (the real route handlers in their own node process) and
 * resumes; a turn whose earlier attempt stored messages before it was cut off keeps each message
 * once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AgentSettingsSchema } from '@/lib/graph'
import { RunWorker } from '../runs/execution/run-worker'
import { killStartedProcesses, startWebHost, type WebHostProcess } from '../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { testDatabaseServerUrl } from '../testing/test-database'
import { waitFor } from '../testing/wait-for'
import { ConversationService } from './conversation-service'

describe('conversation turns across web processes', () => {
  let app: TestApp
  let worker: RunWorker | undefined
  let webA: WebHostProcess
  let webB: WebHostProcess
  let conversations: ConversationService
  let agentId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    conversations = new ConversationService(app)
    const agent = await app.db.prisma.agent.create({ data: { name: 'Counter', ownerId: app.admin.id } })
    const definition = AgentSettingsSchema.parse({
      name: 'Counter',
      model: { provider: 'demo' },
      functionTools: ['word_count'],
      toolApprovalMode: 'always_require',
    })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition } })
    agentId = agent.id
    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    const env = { ...process.env, DATABASE_URL: databaseUrl.toString(), AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64') }
    ;[webA, webB] = await Promise.all([startWebHost('web A', env), startWebHost('web B', env)])
    // An outer limit only, for two processes starting on a loaded machine.
  }, 300_000)

  afterEach(async (context) => {
    await worker?.stop()
    worker = undefined
    if (context.task.result?.state === 'fail') for (const host of [webA, webB]) console.error(`--- ${host?.name} ---\n${host?.output()}`)
  })

  afterAll(async () => {
    // Both hosts even when the setup failed before it had their handles.
    await killStartedProcesses()
    await app?.close()
  })

  async function api<T>(host: WebHostProcess, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${host.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as T }
  }

  const storedMessages = async (id: string) =>
    (await app.db.prisma.chatMessage.findMany({ where: { conversationId: id }, orderBy: { position: 'asc' } })).map(
      (row) => JSON.parse(row.message) as { role: string },
    )
  const turnStatus = (runId: string) =>
    waitFor(async () => {
      const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : undefined
    })

  it('parks a turn on a tool approval, and resumes it when the approval is answered through another web process', async () => {
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
    const created = await api<{ id: string }>(webA, `/api/agents/${agentId}/conversations`, { title: 'Across' })
    expect(created.status).toBe(201)
    const sent = await api<{ runId: string }>(webA, `/api/conversations/${created.body.id}/messages`, { text: '/call word_count {"text":"a b"}' })
    expect(sent.status).toBe(202)
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: sent.body.runId, status: 'pending' } })) ?? undefined,
    )
    await waitFor(async () => ((await app.db.prisma.run.findUniqueOrThrow({ where: { id: sent.body.runId } })).workerId === null ? true : undefined))

    const answered = await api(webB, `/api/approvals/${approval.id}`, { decision: 'approve' })
    expect(answered.status).toBe(200)
    const done = await turnStatus(sent.body.runId)
    expect(done.status).toBe('succeeded')
    expect((await storedMessages(created.body.id)).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    const detail = await api<{ activeRunId: string | null; messageCount: number }>(webB, `/api/conversations/${created.body.id}`)
    expect(detail.body).toMatchObject({ activeRunId: null, messageCount: 4 })
  })

  it('forgets what a cut-off attempt stored past the conversation, so a replayed turn stores each message once', async () => {
    const conversation = await conversations.create(principalOf(app.admin), agentId, { title: 'Replayed' })
    await app.db.prisma.chatMessage.create({
      data: {
        conversationId: conversation.id,
        position: 0,
        role: 'user',
        message: JSON.stringify({ type: 'message', role: 'user', contents: [{ type: 'text', text: 'Earlier' }] }),
      },
    })
    // Queued while no worker runs; then the rows an earlier attempt of this turn would have left behind.
    const { runId } = await conversations.send(principalOf(app.admin), conversation.id, 'Now')
    await app.db.prisma.chatMessage.createMany({
      data: [1, 2].map((position) => ({
        conversationId: conversation.id,
        position,
        role: 'user',
        message: JSON.stringify({ type: 'message', role: 'user', contents: [{ type: 'text', text: 'Now' }] }),
      })),
    })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
    expect((await turnStatus(runId)).status).toBe('succeeded')
    const stored = (await storedMessages(conversation.id)) as Array<{ role: string; contents: Array<{ text: string }> }>
    expect(stored.map((m) => `${m.role}: ${m.contents[0].text}`)).toEqual(['user: Earlier', 'user: Now', 'assistant: Demo reply: Now'])
  })
})

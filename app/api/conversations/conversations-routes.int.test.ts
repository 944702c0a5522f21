/**
 * Conversations through the API as the browser uses it: route handlers called as Next calls them,
 * on a real database, with a real run worker taking the turns (the demo model, and the built-in
 * word_count tool set to need approval).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { waitFor } from '@/lib/server/testing/wait-for'
import * as agentConversationsRoute from '../agents/[id]/conversations/route'
import * as runRoute from '../runs/[id]/route'
import * as approvalRoute from '../approvals/[id]/route'
import * as continueRoute from '../runs/[id]/continue-in-chat/route'
import { ConversationService } from '@/lib/server/conversations/conversation-service'
import { RunService } from '@/lib/server/runs/run-service'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { principalOf } from '@/lib/server/testing/test-app'
import type { GraphDocument } from '@/lib/graph'
import * as exportRoute from './[id]/export/route'
import * as messagesRoute from './[id]/messages/route'
import * as conversationRoute from './[id]/route'

type Message = { role: string; contents: Array<{ type: string; text?: string; name?: string; result?: unknown }>; messageId?: string }

describe('conversations API', () => {
  let app: TestApp
  let worker: RunWorker
  let agentId: string
  let other: TestUser

  const createAgent = (owner: TestUser, settings: Record<string, unknown>) => createSavedAgent(app, owner, settings)

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    other = await app.addUser()
    agentId = await createAgent(app.admin, {
      name: 'Counter',
      instructions: 'Count words when asked.',
      model: { provider: 'demo' },
      functionTools: ['word_count'],
      toolApprovalMode: 'always_require',
    })
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const newConversation = async (title?: string) => {
    const created = await callRoute(agentConversationsRoute.POST, { params: { id: agentId }, body: title === undefined ? {} : { title } })
    expect(created.status).toBe(201)
    return created.body.id as string
  }
  const send = (id: string, text: string, as?: TestUser) => callRoute(messagesRoute.POST, { params: { id }, body: { text }, as })
  const turnEnd = (runId: string) =>
    waitFor(async () => {
      const { body } = await callRoute(runRoute.GET, { params: { id: runId } })
      return ['succeeded', 'failed', 'cancelled'].includes(body.run.status) ? body : undefined
    })
  const allMessages = async (id: string): Promise<Message[]> =>
    (await callRoute(messagesRoute.GET, { params: { id }, url: 'http://localhost/api/x?limit=200' })).body.messages.map((m: { message: Message }) => m.message)

  it('keeps a conversation of several turns, each a run through the worker, and sends the stored history to the model', async () => {
    const id = await newConversation()
    const first = await send(id, 'Hello there')
    expect(first.status).toBe(202)
    const firstView = await turnEnd(first.body.runId)
    expect(firstView.run).toMatchObject({
      kind: 'turn',
      status: 'succeeded',
      workflowId: agentId,
      workflowName: 'Counter',
      conversationId: id,
      input: 'Hello there',
    })
    expect(firstView.run.outputs).toEqual(['Demo reply: Hello there'])

    const second = await send(id, 'And again')
    await turnEnd(second.body.runId)
    const third = await send(id, 'Third time')
    await turnEnd(third.body.runId)

    const messages = await allMessages(id)
    expect(messages.map((m) => [m.role, m.contents[0]?.text])).toEqual([
      ['user', 'Hello there'],
      ['assistant', 'Demo reply: Hello there'],
      ['user', 'And again'],
      ['assistant', 'Demo reply: And again'],
      ['user', 'Third time'],
      ['assistant', 'Demo reply: Third time'],
    ])
    // The demo model names its reply after the length of the conversation it was sent: the whole history.
    expect(messages[5].messageId).toBe('demo-msg-5')

    const detail = await callRoute(conversationRoute.GET, { params: { id } })
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({ title: 'Hello there', agentName: 'Counter', messageCount: 6, activeRunId: null })
    expect(detail.body.turns.map((turn: { text: string }) => turn.text)).toEqual(['Hello there', 'And again', 'Third time'])
    const perTurn = detail.body.turns.map((turn: { usage: { totalTokenCount: number } }) => turn.usage.totalTokenCount)
    expect(perTurn.every((count: number) => count > 0)).toBe(true)
    expect(detail.body.usage.totalTokenCount).toBe(perTurn.reduce((a: number, b: number) => a + b, 0))
  })

  it("sends the model only the agent's history window, and still stores every message", async () => {
    const windowed = await createAgent(app.admin, { name: 'Short memory', model: { provider: 'demo' }, historyWindow: { maxMessages: 2 } })
    const created = await callRoute(agentConversationsRoute.POST, { params: { id: windowed }, body: {} })
    const id = created.body.id as string
    for (const text of ['One', 'Two', 'Three']) await turnEnd((await send(id, text)).body.runId)
    const messages = await allMessages(id)
    expect(messages).toHaveLength(6)
    // The third turn sent the last two stored messages and the new one: three, not five.
    expect(messages[5].messageId).toBe('demo-msg-3')
  })

  it('waits for a tool approval, resumes once it is answered, and stores each message once', async () => {
    const id = await newConversation('Counting')
    const sent = await send(id, '/call word_count {"text":"one two three"}')
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: sent.body.runId, status: 'pending' } })) ?? undefined,
    )
    expect(approval.kind).toBe('tool_call')
    expect((await callRoute(conversationRoute.GET, { params: { id } })).body.activeRunId).toBe(sent.body.runId)
    // One turn at a time.
    const busy = await send(id, 'Are you there?')
    expect(busy.status).toBe(409)
    expect(busy.body.error.code).toBe('turn_running')

    const answered = await callRoute(approvalRoute.POST, { params: { id: approval.id }, body: { decision: 'approve' } })
    expect(answered.status).toBe(200)
    const done = await turnEnd(sent.body.runId)
    expect(done.run.status).toBe('succeeded')
    expect(done.run.outputs).toEqual(['Result: {"words":3,"characters":13}'])

    const messages = await allMessages(id)
    expect(messages.map((m) => [m.role, m.contents.map((c) => c.type).join(',')])).toEqual([
      ['user', 'text'],
      ['assistant', 'function_call,function_approval_request'],
      ['tool', 'function_result'],
      ['assistant', 'text'],
    ])
    const next = await send(id, 'Thanks')
    await turnEnd(next.body.runId)
    expect((await allMessages(id)).slice(4).map((m) => m.contents[0]?.text)).toEqual(['Thanks', 'Demo reply: Thanks'])
  })

  it('fails a turn whose tool approval expired, saying so, and the conversation goes on', async () => {
    const id = await newConversation('Unanswered')
    const sent = await send(id, '/call word_count {"text":"one two"}')
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: sent.body.runId, status: 'pending' } })) ?? undefined,
    )
    await app.db.prisma.approvalRequest.update({ where: { id: approval.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    await app.approvals.expireOverdue()
    const done = await turnEnd(sent.body.runId)
    expect(done.run.status).toBe('failed')
    expect(done.run.error).toContain('expired')
    expect(done.run.error).toContain('word_count')
    expect(JSON.stringify(done)).not.toContain('rejected by user')
    const next = await send(id, 'Still there?')
    expect((await turnEnd(next.body.runId)).run.status).toBe('succeeded')
  })

  it('pages messages from the newest, and exports what was stored as JSON and Markdown', async () => {
    const id = await newConversation('Paged')
    const rows = Array.from({ length: 25 }, (_, i) => ({
      conversationId: id,
      position: i,
      role: i % 2 ? 'assistant' : 'user',
      message: JSON.stringify({ type: 'message', role: i % 2 ? 'assistant' : 'user', contents: [{ type: 'text', text: `message ${i} with \`\`\` fence` }] }),
    }))
    await app.db.prisma.chatMessage.createMany({ data: rows })
    const page = (before?: number) =>
      callRoute(messagesRoute.GET, { params: { id }, url: `http://localhost/api/x?limit=10${before === undefined ? '' : `&before=${before}`}` })
    const newest = await page()
    expect(newest.body.messages.map((m: { position: number }) => m.position)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24])
    expect(newest.body.nextBefore).toBe(15)
    const older = await page(15)
    expect(older.body.messages[0].position).toBe(5)
    const oldest = await page(5)
    expect(oldest.body.messages.map((m: { position: number }) => m.position)).toEqual([0, 1, 2, 3, 4])
    expect(oldest.body.nextBefore).toBeNull()

    const exported = await callRoute(exportRoute.GET, { params: { id }, url: 'http://localhost/api/x?format=json' })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-disposition')).toContain('.json')
    const stored = await app.db.prisma.chatMessage.findMany({ where: { conversationId: id }, orderBy: { position: 'asc' } })
    expect(exported.body.messages.map((m: { message: unknown }) => m.message)).toEqual(stored.map((row) => JSON.parse(row.message)))
    expect(exported.body.conversation).toMatchObject({ id, title: 'Paged', agentName: 'Counter' })

    const request = new Request(`http://localhost/api/conversations/${id}/export?format=markdown`, { headers: { authorization: `Bearer ${app.admin.token}` } })
    const markdown = await (await exportRoute.GET(request, { params: Promise.resolve({ id }) })).text()
    expect(markdown.startsWith('# Paged')).toBe(true)
    for (let i = 0; i < 25; i++) expect(markdown).toContain(`message ${i} with \`\`\` fence`)
    expect(markdown.match(/^### (User|Assistant)$/gm)).toHaveLength(25)
  })

  it('renames, lists per agent and deletes; another user gets 404 everywhere', async () => {
    const id = await newConversation('Mine')
    const renamed = await callRoute(conversationRoute.PATCH, { method: 'PATCH', params: { id }, body: { title: 'Renamed' } })
    expect(renamed.body.title).toBe('Renamed')
    const listed = await callRoute(agentConversationsRoute.GET, { params: { id: agentId } })
    expect(listed.body.map((c: { id: string }) => c.id)).toContain(id)

    for (const [handler, init] of [
      [conversationRoute.GET, {}],
      [conversationRoute.PATCH, { method: 'PATCH', body: { title: 'theirs' } }],
      [conversationRoute.DELETE, { method: 'DELETE' }],
      [messagesRoute.GET, {}],
      [messagesRoute.POST, { body: { text: 'hi' } }],
      [exportRoute.GET, {}],
    ] as const) {
      const answer = await callRoute(handler as typeof conversationRoute.GET, { ...init, params: { id }, as: other })
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('not_found')
    }
    expect((await callRoute(agentConversationsRoute.GET, { params: { id: agentId }, as: other })).status).toBe(404)
    expect((await callRoute(agentConversationsRoute.POST, { params: { id: agentId }, body: {}, as: other })).status).toBe(404)
    const theirAgent = await createAgent(other, { name: 'Theirs', model: { provider: 'demo' } })
    const theirs = await callRoute(agentConversationsRoute.POST, { params: { id: theirAgent }, body: {}, as: other })
    expect(theirs.status).toBe(201)
    expect((await callRoute(agentConversationsRoute.GET, { params: { id: theirAgent }, as: other })).body.map((c: { id: string }) => c.id)).toEqual([
      theirs.body.id,
    ])

    expect((await callRoute(conversationRoute.DELETE, { method: 'DELETE', params: { id } })).status).toBe(204)
    expect((await callRoute(conversationRoute.GET, { params: { id } })).status).toBe(404)
  })

  it('deletes a conversation once when ten deletes race: one 204, the others 404, never a 500', async () => {
    const id = await newConversation('Short-lived')
    const answers = await Promise.all(Array.from({ length: 10 }, () => callRoute(conversationRoute.DELETE, { params: { id } })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array(9).fill(404)])
    // The service's own race: every delete finds the conversation before any removes it.
    const again = await newConversation('Short-lived too')
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => new ConversationService(app).delete(principalOf(app.admin), again)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'not_found' })
  })

  it('starts one turn when ten sends race in a conversation: one 202, the others 409, never a 500', async () => {
    const id = await newConversation('Crowded')
    // Each message calls the tool that needs approval: whichever turn starts stays active until the test answers, so a
    // send that a loaded machine delays past a quick reply still meets a running turn.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(id, `/call word_count {"text":"message ${index}"}`)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, ...Array(9).fill(409)])
    for (const answer of answers) if (answer.status === 409) expect(answer.body.error.code).toBe('turn_running')
    const started = answers.find((answer) => answer.status === 202)!
    expect(await app.db.prisma.run.count({ where: { conversationId: id } })).toBe(1)
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: started.body.runId, status: 'pending' } })) ?? undefined,
    )
    expect((await callRoute(approvalRoute.POST, { params: { id: approval.id }, body: { decision: 'approve' } })).status).toBe(200)
    await turnEnd(started.body.runId)
    // Over, the turn lets the next one in; a send racing a delete is a 404, not a foreign key's 500.
    expect((await send(id, 'After')).status).toBe(202)
    const gone = await newConversation('Deleted while sent to')
    const [sent, deleted] = await Promise.all([send(gone, 'Hello?'), callRoute(conversationRoute.DELETE, { params: { id: gone } })])
    expect(deleted.status).toBe(204)
    expect([202, 404]).toContain(sent.status)
  })

  it('refuses bad input with 400 and no sign-in with 401', async () => {
    const id = await newConversation()
    const empty = await send(id, '   ')
    expect(empty.status).toBe(400)
    expect(empty.body.error.code).toBeTypeOf('string')
    expect((await callRoute(conversationRoute.GET, { params: { id: 'not-a-uuid' } })).status).toBe(400)
    expect((await callRoute(messagesRoute.GET, { params: { id }, url: 'http://localhost/api/x?limit=0' })).status).toBe(400)
    expect((await callRoute(exportRoute.GET, { params: { id }, url: 'http://localhost/api/x?format=pdf' })).status).toBe(400)
    expect((await callRoute(conversationRoute.PATCH, { method: 'PATCH', params: { id }, body: { title: '' } })).status).toBe(400)
    expect((await callRoute(conversationRoute.GET, { params: { id }, as: null })).status).toBe(401)
  })

  it("keeps a workflow run's agent conversation, and continues it in chat with a saved copy of the inline agent", async () => {
    const graph = {
      schemaVersion: 1,
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        {
          id: 'writer',
          kind: 'agent',
          position: { x: 200, y: 0 },
          data: { label: 'Writer', name: 'writer', instructions: 'Write.', model: { provider: 'demo' } },
        },
        { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'writer' },
        { id: 'b', source: 'writer', target: 'output' },
      ],
    } as GraphDocument
    const owner = principalOf(app.admin)
    const workflow = (await new WorkflowService(app.db.prisma).create(owner, { name: 'one writer', graph })).workflow
    const run = await new RunService(app).create(owner, { workflowId: workflow.id, input: 'Draft a line' })
    expect((await turnEnd(run.id)).run.status).toBe('succeeded')
    const kept = await app.db.prisma.conversation.findUniqueOrThrow({ where: { id: `run:${run.id}:writer` }, include: { messages: true } })
    expect(kept).toMatchObject({ kind: 'run_agent', ownerId: app.admin.id, originRunId: run.id, originNodeId: 'writer' })
    expect(kept.messages).toHaveLength(2)
    // Not listed among anyone's conversations.
    expect((await callRoute(agentConversationsRoute.GET, { params: { id: agentId } })).body.map((c: { id: string }) => c.id)).not.toContain(kept.id)

    expect((await callRoute(continueRoute.POST, { params: { id: run.id }, body: { nodeId: 'writer' }, as: other })).status).toBe(404)
    expect((await callRoute(continueRoute.POST, { params: { id: run.id }, body: { nodeId: 'output' } })).status).toBe(400)
    const continued = await callRoute(continueRoute.POST, { params: { id: run.id }, body: { nodeId: 'writer' } })
    expect(continued.status).toBe(201)
    expect(continued.body).toMatchObject({ originRunId: run.id, originNodeId: 'writer' })
    const agent = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: continued.body.agentId }, include: { versions: true } })
    expect(agent).toMatchObject({ name: 'Writer', ownerId: app.admin.id })
    expect(agent.versions[0].definition).toMatchObject({ instructions: 'Write.', model: { provider: 'demo' } })

    const id = continued.body.id as string
    expect((await allMessages(id)).map((m) => m.contents[0]?.text)).toEqual(['Draft a line', 'Demo reply: Draft a line'])
    const next = await send(id, 'Shorter please')
    expect((await turnEnd(next.body.runId)).run.status).toBe('succeeded')
    const messages = await allMessages(id)
    expect(messages.map((m) => m.contents[0]?.text)).toEqual(['Draft a line', 'Demo reply: Draft a line', 'Shorter please', 'Demo reply: Shorter please'])
    expect(messages[3].messageId).toBe('demo-msg-3')

    // Asked again, it reopens the conversation it made: no second copy, no second agent.
    const again = await callRoute(continueRoute.POST, { params: { id: run.id }, body: { nodeId: 'writer' } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id, agentId: agent.id })
    // Another run of the same node continues with the agent made the first time.
    const second = await new RunService(app).create(owner, { workflowId: workflow.id, input: 'Draft another' })
    expect((await turnEnd(second.id)).run.status).toBe('succeeded')
    const fromSecond = await callRoute(continueRoute.POST, { params: { id: second.id }, body: { nodeId: 'writer' } })
    expect(fromSecond.status).toBe(201)
    expect(fromSecond.body.id).not.toBe(id)
    expect(fromSecond.body.agentId).toBe(agent.id)
    expect(await app.db.prisma.agent.count({ where: { name: 'Writer', ownerId: app.admin.id } })).toBe(1)
  })
})

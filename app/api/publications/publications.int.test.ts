/**
 * Publishing a saved agent (issue #32) through the API as people use it: an editor publishes, a visitor with no
 * account chats on the public routes (a real run worker takes the turns with the demo model), and what the owner
 * set holds: expiry, revocation, the rate limit per visitor address, the daily token budget, visitors kept apart,
 * and roles (a viewer lists but cannot publish; a non-member sees nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentSettingsSchema } from '@/lib/graph'
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/client-address'
import { principalOf } from '@/lib/server/testing/test-app'
import { publicationFrameOrigins } from '@/lib/server/publications/publication-frame-origins'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import * as agentConversationsRoute from '../agents/[id]/conversations/route'
import * as agentPublicationsRoute from '../agents/[id]/publications/route'
import * as conversationRoute from '../conversations/[id]/route'
import * as conversationMessagesRoute from '../conversations/[id]/messages/route'
import * as publicChatRoute from '../public/chat/[token]/route'
import * as visitorConversationsRoute from '../public/chat/[token]/conversations/route'
import * as visitorConversationRoute from '../public/chat/[token]/conversations/[id]/route'
import * as visitorMessagesRoute from '../public/chat/[token]/conversations/[id]/messages/route'
import * as visitorEventsRoute from '../public/chat/[token]/conversations/[id]/turns/[runId]/events/route'
import * as widgetRoute from '../public/widget.js/route'
import * as publicationRoute from './[id]/route'

const VISITOR_A = 'visitor-a-0123456789abcdefgh'
const VISITOR_B = 'visitor-b-0123456789abcdefgh'

describe('publishing an agent', () => {
  let app: TestApp
  let worker: RunWorker
  let owner: TestUser
  let viewer: TestUser
  let stranger: TestUser
  let agentId: string
  let teamId: string
  let address = 0

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    owner = await app.addUser('member')
    viewer = await app.addUser('member')
    stranger = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    const team = await workspaces.create(principalOf(owner), 'Shop')
    teamId = team.id
    const asOwner = (await app.apiTokens.authenticate(owner.token))!
    await workspaces.addMember(asOwner, team.id, { email: viewer.email, role: 'viewer', approver: false })
    const agent = await app.db.prisma.agent.create({ data: { name: 'Shop helper', description: 'Answers shoppers.', ownerId: owner.id, workspaceId: team.id } })
    const definition = AgentSettingsSchema.parse({
      name: 'Shop helper',
      instructions: 'SECRET-INSTRUCTIONS: be kind.',
      model: { provider: 'demo' },
      functionTools: ['word_count'],
      toolApprovalMode: 'always_require',
    })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition, authorId: owner.id } })
    agentId = agent.id
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  /** Each test's visitor calls from an address of its own, so that the rate limit of one does not reach another. */
  const freshAddress = () => `198.51.100.${++address}`

  const publish = async (body: Record<string, unknown> = {}) => {
    const created = await callRoute(agentPublicationsRoute.POST, { params: { id: agentId }, body, as: owner })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body as { token: string; url: string; publication: { id: string } }
  }

  /** The public routes as a visitor calls them: no credentials, from `from`. */
  const visitor = (token: string, visitorId: string, from = freshAddress()) => {
    const headers = { [CLIENT_ADDRESS_HEADER]: from }
    return {
      agent: () => callRoute(publicChatRoute.GET, { params: { token }, as: null, headers }),
      start: () => callRoute(visitorConversationsRoute.POST, { params: { token }, body: { visitorId }, as: null, headers }),
      read: (id: string) =>
        callRoute(visitorConversationRoute.GET, { params: { token, id }, url: `http://localhost/api/x?visitor=${visitorId}`, as: null, headers }),
      send: (id: string, text: string) => callRoute(visitorMessagesRoute.POST, { params: { token, id }, body: { visitorId, text }, as: null, headers }),
      /** The turn's stream, read to its end (call once the turn has ended, or it waits for it). */
      events: async (id: string, runId: string) => {
        const response = await visitorEventsRoute.GET(new Request(`http://localhost/api/x?visitor=${visitorId}`, { headers }), {
          params: Promise.resolve({ token, id, runId }),
        })
        return { status: response.status, text: await response.text(), type: response.headers.get('content-type') }
      },
    }
  }

  const turnEnd = (runId: string) =>
    waitFor(async () => {
      const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } })
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run.status : undefined
    })

  it('shows the token once, lists publications without it, and lets a viewer list but not publish', async () => {
    const { token, url, publication } = await publish({ rateLimitPerMinute: 30, dailyTokenBudget: 5000, allowedOrigins: ['https://Shop.Example.com/'] })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url).toBe(`/chat/${token}`)
    expect(publication).toMatchObject({ rateLimitPerMinute: 30, dailyTokenBudget: 5000, allowedOrigins: ['https://shop.example.com'], tokensToday: 0 })
    const listed = await callRoute(agentPublicationsRoute.GET, { params: { id: agentId }, as: viewer })
    expect(listed.status).toBe(200)
    expect(listed.body.publications.map((p: { id: string }) => p.id)).toContain(publication.id)
    expect(JSON.stringify(listed.body)).not.toContain(token)
    const byViewer = await callRoute(agentPublicationsRoute.POST, { params: { id: agentId }, body: {}, as: viewer })
    expect(byViewer.status).toBe(403)
    expect(byViewer.body.error).toMatchObject({ code: 'forbidden', details: { role: 'editor' } })
    expect((await callRoute(publicationRoute.DELETE, { params: { id: publication.id }, as: viewer })).status).toBe(403)
    expect((await callRoute(agentPublicationsRoute.GET, { params: { id: agentId }, as: stranger })).status).toBe(404)
    expect((await callRoute(publicationRoute.PATCH, { params: { id: publication.id }, body: { rateLimitPerMinute: 1 }, as: stranger })).status).toBe(404)
    expect(await publicationFrameOrigins(token)).toEqual(['https://shop.example.com'])
  })

  it('changes a publication and refuses bad settings with 400', async () => {
    const { publication } = await publish()
    const changed = await callRoute(publicationRoute.PATCH, {
      params: { id: publication.id },
      body: { dailyTokenBudget: 42, allowedOrigins: ['http://127.0.0.1:4000'] },
      as: owner,
    })
    expect(changed.status).toBe(200)
    expect(changed.body.publication).toMatchObject({ dailyTokenBudget: 42, allowedOrigins: ['http://127.0.0.1:4000'] })
    for (const body of [
      {},
      { rateLimitPerMinute: 0 },
      { allowedOrigins: ['https://x.example.com/path'] },
      { allowedOrigins: ["https://x.example.com 'unsafe-inline'"] },
    ]) {
      const refused = await callRoute(publicationRoute.PATCH, { params: { id: publication.id }, body, as: owner })
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.error.code).toBe('invalid_request')
    }
  })

  it('lets a visitor without an account chat, streams only the reply, and shows the owner the conversation marked published', async () => {
    const { token, publication } = await publish()
    const a = visitor(token, VISITOR_A)
    expect((await a.agent()).body).toEqual({ name: 'Shop helper', description: 'Answers shoppers.' })
    const started = await a.start()
    expect(started.status).toBe(201)
    const id = started.body.id as string
    const sent = await a.send(id, 'Hello shop')
    expect(sent.status, JSON.stringify(sent.body)).toBe(202)
    expect(await turnEnd(sent.body.runId)).toBe('succeeded')
    const stream = await a.events(id, sent.body.runId)
    expect(stream.status).toBe(200)
    expect(stream.type).toContain('text/event-stream')
    const events = stream.text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: {}')
      .map((line) => JSON.parse(line.slice(6)))
    expect(
      events
        .filter((event) => event.type === 'text')
        .map((event) => event.text)
        .join(''),
    ).toBe('Demo reply: Hello shop')
    expect(events.at(-1)).toEqual({ type: 'end', status: 'succeeded' })
    expect(stream.text).toContain('event: end')
    expect(stream.text).not.toContain('SECRET-INSTRUCTIONS')
    expect(stream.text).not.toContain('usage')

    const read = await a.read(id)
    expect(read.status).toBe(200)
    expect(read.body).toEqual({
      id,
      messages: [
        { role: 'user', text: 'Hello shop' },
        { role: 'assistant', text: 'Demo reply: Hello shop' },
      ],
      activeRunId: null,
    })

    const all = await callRoute(agentConversationsRoute.GET, { params: { id: agentId }, as: owner })
    expect(all.body.find((conversation: { id: string }) => conversation.id === id)).toMatchObject({ publicationId: publication.id, title: 'Hello shop' })
    const published = await callRoute(agentConversationsRoute.GET, { params: { id: agentId }, url: 'http://localhost/api/x?source=published', as: viewer })
    expect(published.body.map((conversation: { id: string }) => conversation.id)).toContain(id)
    const members = await callRoute(agentConversationsRoute.GET, { params: { id: agentId }, url: 'http://localhost/api/x?source=members', as: owner })
    expect(members.body.map((conversation: { id: string }) => conversation.id)).not.toContain(id)
    expect((await callRoute(conversationRoute.GET, { params: { id }, as: owner })).body.turns).toHaveLength(1)
    expect((await callRoute(conversationRoute.GET, { params: { id }, as: stranger })).status).toBe(404)
    // Members read a visitor's conversation but do not write into it: a reply the visitor did not ask for would show in their chat.
    const intrusion = await callRoute(conversationMessagesRoute.POST, { params: { id }, body: { text: 'Words in your mouth' }, as: owner })
    expect(intrusion.status).toBe(403)
    expect(intrusion.body.error.code).toBe('forbidden')
    // A viewer sees the conversation but runs nothing in the workspace: the role, named.
    const looker = await callRoute(conversationMessagesRoute.POST, { params: { id }, body: { text: 'Just looking' }, as: viewer })
    expect(looker.status).toBe(403)
    expect(looker.body.error.details).toMatchObject({ role: 'runner' })
    expect((await a.read(id)).body.messages).toHaveLength(2)

    const usage = await callRoute(agentPublicationsRoute.GET, { params: { id: agentId }, as: owner })
    const today = usage.body.publications.find((p: { id: string }) => p.id === publication.id)
    expect(today.tokensToday).toBeGreaterThan(0)
    expect(today.conversationsToday).toBe(1)
  })

  it('keeps visitors apart: another visitor cannot read, write to or follow a conversation', async () => {
    const { token } = await publish()
    const a = visitor(token, VISITOR_A)
    const id = (await a.start()).body.id as string
    const sent = await a.send(id, 'Mine')
    await turnEnd(sent.body.runId)
    const b = visitor(token, VISITOR_B)
    for (const answer of [await b.read(id), await b.send(id, 'Let me in')]) {
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('not_found')
    }
    expect((await b.events(id, sent.body.runId)).status).toBe(404)
    // Nor through another publication's token, with the right visitor id.
    const other = await publish()
    expect((await visitor(other.token, VISITOR_A).read(id)).status).toBe(404)
    expect((await a.read(id)).status).toBe(200)
  })

  it('answers 404 in the JSON error shape for unknown, malformed, revoked and expired tokens', async () => {
    const revoked = await publish({ allowedOrigins: ['https://shop.example.com'] })
    expect(await publicationFrameOrigins(revoked.token)).toEqual(['https://shop.example.com'])
    const gone = await callRoute(publicationRoute.DELETE, { params: { id: revoked.publication.id }, as: owner })
    expect(gone.status).toBe(200)
    expect(gone.body.publication.revokedAt).not.toBeNull()
    expect(await publicationFrameOrigins(revoked.token)).toEqual([])
    const expired = await publish({ expiresInHours: 1 })
    await app.db.prisma.publication.update({ where: { id: expired.publication.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    for (const token of [revoked.token, expired.token, 'B'.repeat(43), 'short', '../etc']) {
      const answers = [await visitor(token, VISITOR_A).agent(), await visitor(token, VISITOR_A).start()]
      for (const answer of answers) {
        expect(answer.status, token).toBe(404)
        expect(answer.body.error).toMatchObject({ code: 'not_found', message: expect.any(String) })
        expect(answer.headers.get('cache-control')).toBe('no-store')
      }
    }
  })

  it('refuses a bad visitor body with 400: no visitor id, an empty or an oversized message', async () => {
    const { token } = await publish()
    const a = visitor(token, VISITOR_A)
    const id = (await a.start()).body.id as string
    const headers = { [CLIENT_ADDRESS_HEADER]: freshAddress() }
    for (const body of [
      { text: 'hi' },
      { visitorId: 'short', text: 'hi' },
      { visitorId: VISITOR_A, text: '   ' },
      { visitorId: VISITOR_A, text: 'x'.repeat(4001) },
    ]) {
      const answer = await callRoute(visitorMessagesRoute.POST, { params: { token, id }, body, as: null, headers })
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.body.error.code).toBe('invalid_request')
    }
  })

  it('limits requests a minute per visitor address: 429 with Retry-After, other addresses unaffected', async () => {
    const { token, publication } = await publish({ rateLimitPerMinute: 3 })
    const from = freshAddress()
    const a = visitor(token, VISITOR_A, from)
    for (let i = 0; i < 3; i++) expect((await a.agent()).status).toBe(200)
    const limited = await visitor(token, VISITOR_B, from).start()
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ code: 'too_many_requests', details: { retryAfterSeconds: expect.any(Number) } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await visitor(token, VISITOR_A, freshAddress()).agent()).status).toBe(200)

    // A window whose minute is over is forgotten at the publication's next request, from whichever address.
    const publicationId = publication.id
    await app.db.sql.query(`UPDATE "PublicationRateWindow" SET "windowStart" = now() - interval '2 minutes' WHERE "publicationId" = $1 AND address = $2`, [
      publicationId,
      from,
    ])
    expect((await visitor(token, VISITOR_A, freshAddress()).agent()).status).toBe(200)
    const windows = await app.db.prisma.publicationRateWindow.findMany({ where: { publicationId }, select: { address: true } })
    expect(windows.map((window) => window.address)).not.toContain(from)
    expect(windows).toHaveLength(2)
  })

  it('refuses a turn once the day’s token budget is spent, saying so', async () => {
    const { token } = await publish({ dailyTokenBudget: 1 })
    const a = visitor(token, VISITOR_A)
    const id = (await a.start()).body.id as string
    const first = await a.send(id, 'One')
    expect(first.status).toBe(202)
    await turnEnd(first.body.runId)
    const refused = await a.send(id, 'Two')
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('daily_budget_spent')
    expect(refused.body.error.message).toMatch(/today/)
    // Another publication of the same agent has its own budget.
    const other = await publish()
    const b = visitor(other.token, VISITOR_B)
    const otherId = (await b.start()).body.id as string
    expect((await b.send(otherId, 'Hi')).status).toBe(202)
  })

  it('sends an approval the agent asks for to the workspace, and the visitor sees it waiting', async () => {
    const { token } = await publish()
    const a = visitor(token, VISITOR_A)
    const id = (await a.start()).body.id as string
    const sent = await a.send(id, '/call word_count {"text":"one two three"}')
    expect(sent.status).toBe(202)
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: sent.body.runId, status: 'pending' } })) ?? undefined,
    )
    expect(approval.workspaceId).toBe((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })).workspaceId)
    expect((await a.read(id)).body.activeRunId).toBe(sent.body.runId)
    // The stream says it waits, and nothing of the tool call.
    const response = await visitorEventsRoute.GET(
      new Request(`http://localhost/api/x?visitor=${VISITOR_A}`, { headers: { [CLIENT_ADDRESS_HEADER]: freshAddress() } }),
      {
        params: Promise.resolve({ token, id, runId: sent.body.runId }),
      },
    )
    const reader = response.body!.getReader()
    let text = ''
    while (!text.includes('"waiting"')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).not.toContain('word_count')
    expect((await a.send(id, 'Still there?')).status).toBe(409)
  })

  it('stops answering when its publisher may no longer run the agent: the 404 of a missing publication, as a form does', async () => {
    const editor = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    const asOwner = (await app.apiTokens.authenticate(owner.token))!
    await workspaces.addMember(asOwner, teamId, { email: editor.email, role: 'editor', approver: false })
    const made = await callRoute(agentPublicationsRoute.POST, { params: { id: agentId }, body: {}, as: editor })
    expect(made.status).toBe(201)
    const a = visitor(made.body.token, VISITOR_A)
    const { id } = (await a.start()).body as { id: string }
    await workspaces.changeMember(asOwner, teamId, editor.id, { role: 'viewer' })
    const refused = await a.send(id, 'Still there?')
    expect(refused.status).toBe(404)
    expect(refused.body.error.code).toBe('not_found')
    expect(refused.body.error.message).not.toContain(agentId)
    expect(refused.body.error.message).not.toContain(teamId)
  })

  it('serves the widget script without sign-in, free of eval', async () => {
    const answer = await widgetRoute.GET(new Request('http://localhost/api/public/widget.js'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/javascript')
    const script = await answer.text()
    expect(script).toContain('data-publication')
    expect(script).toContain('/chat/')
    expect(script).not.toMatch(/\beval\(|new Function|setAttribute\('style'|innerHTML/)
  })
})

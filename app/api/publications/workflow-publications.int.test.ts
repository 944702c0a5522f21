/**
 * Publishing a workflow (issue #32) through the API as people use it: an editor publishes, a visitor with no account
 * fills in the form the start node declares on the public routes (a real run worker runs it), follows the run and
 * reads its output, and what the owner set holds: expiry, revocation, the rate limit per visitor address, the daily
 * token budget, visitors kept apart, roles (a viewer or runner lists but cannot publish; a non-member sees nothing),
 * failures told plainly, approvals sent to the workspace. And the runs visitors start keep to the publication's
 * workspace even when an admin published it, also when a worker takes them later (as webhooks' runs do).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentSettingsSchema, type GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/client-address'
import { claimRun } from '@/lib/server/runs/queue/run-lease'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { signatureHeader } from '@/lib/server/triggers/webhook-signature'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import * as hookRoute from '../hooks/[id]/route'
import * as runsRoute from '../runs/route'
import * as agentPublicationsRoute from '../agents/[id]/publications/route'
import * as publicChatRoute from '../public/chat/[token]/route'
import * as visitorConversationsRoute from '../public/chat/[token]/conversations/route'
import * as visitorMessagesRoute from '../public/chat/[token]/conversations/[id]/messages/route'
import * as publicFormRoute from '../public/form/[token]/route'
import * as visitorRunsRoute from '../public/form/[token]/runs/route'
import * as visitorRunRoute from '../public/form/[token]/runs/[runId]/route'
import * as visitorRunEventsRoute from '../public/form/[token]/runs/[runId]/events/route'
import * as workflowsRoute from '../workflows/route'
import * as webhooksRoute from '../workflows/[id]/webhooks/route'
import * as workflowPublicationsRoute from '../workflows/[id]/publications/route'
import * as publicationRoute from './[id]/route'

const VISITOR_A = 'visitor-a-0123456789abcdefgh'
const VISITOR_B = 'visitor-b-0123456789abcdefgh'

const cityGraph = graph()
  .start('start', { inputDescription: 'Which city?', inputFields: [{ name: 'city', type: 'string', description: 'A city name' }] })
  .node('about', 'transform', { expression: '"Weather in " + input.city' })
  .output()
  .chain('start', 'about', 'output')
  .build() as GraphDocument

/** Uses tokens (the demo model counts them), for the budget. */
const agentGraph = graph().start().agent('helper').output().chain('start', 'helper', 'output').build() as GraphDocument

/** Fails on any input: a transform that reads past what it is given. */
const failingGraph = graph()
  .start()
  .node('boom', 'transform', { expression: 'input.missing.deeper' })
  .output()
  .chain('start', 'boom', 'output')
  .build() as GraphDocument

const askingGraph = graph()
  .start()
  .node('ask', 'human_input', { label: 'Sign-off', prompt: 'Go?' })
  .output()
  .chain('start', 'ask', 'output')
  .build() as GraphDocument

describe('publishing a workflow', () => {
  let app: TestApp
  let worker: RunWorker
  let owner: TestUser
  let viewer: TestUser
  let runner: TestUser
  let stranger: TestUser
  let teamId: string
  let workflowId: string
  let address = 0

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    worker = new RunWorker(app, { concurrency: 2, pollIntervalMs: 100 })
    await worker.start()
    owner = await app.addUser('member')
    viewer = await app.addUser('member')
    runner = await app.addUser('member')
    stranger = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    teamId = (await workspaces.create(principalOf(owner), 'Forms')).id
    const asOwner = (await app.apiTokens.authenticate(owner.token))!
    await workspaces.addMember(asOwner, teamId, { email: viewer.email, role: 'viewer', approver: false })
    await workspaces.addMember(asOwner, teamId, { email: runner.email, role: 'runner', approver: false })
    workflowId = await makeWorkflow('Weather', cityGraph, 'Tells the weather.')
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const makeWorkflow = async (name: string, document: GraphDocument, description = '') => {
    const made = await callRoute(workflowsRoute.POST, { body: { name, description, graph: document, workspaceId: teamId }, as: owner })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return made.body.workflow.id as string
  }

  const freshAddress = () => `203.0.113.${++address}`

  const publish = async (body: Record<string, unknown> = {}, id = workflowId) => {
    const created = await callRoute(workflowPublicationsRoute.POST, { params: { id }, body, as: owner })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body as { token: string; url: string; publication: { id: string } }
  }

  /** The public routes as a visitor calls them: no credentials, from `from`. */
  const visitor = (token: string, visitorId: string, from = freshAddress()) => {
    const headers = { [CLIENT_ADDRESS_HEADER]: from }
    const query = `http://localhost/api/x?visitor=${visitorId}`
    return {
      form: () => callRoute(publicFormRoute.GET, { params: { token }, as: null, headers }),
      submit: (input: unknown) => callRoute(visitorRunsRoute.POST, { params: { token }, body: { visitorId, input }, as: null, headers }),
      read: (runId: string) => callRoute(visitorRunRoute.GET, { params: { token, runId }, url: query, as: null, headers }),
      /** The run's stream, read to its end (call once the run has ended, or it waits for it). */
      events: async (runId: string) => {
        const response = await visitorRunEventsRoute.GET(new Request(query, { headers }), { params: Promise.resolve({ token, runId }) })
        return { status: response.status, text: await response.text() }
      },
    }
  }

  const runEnd = (runId: string) =>
    waitFor(async () => {
      const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } })
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run.status : undefined
    })

  it('shows the token once, links the form, and lets viewers and runners list but not publish; others see nothing', async () => {
    const { token, url, publication } = await publish({ rateLimitPerMinute: 30, dailyTokenBudget: 5000 })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url).toBe(`/form/${token}`)
    expect(publication).toMatchObject({ workflowId, agentId: null, rateLimitPerMinute: 30, dailyTokenBudget: 5000, runsToday: 0 })
    for (const member of [viewer, runner]) {
      const listed = await callRoute(workflowPublicationsRoute.GET, { params: { id: workflowId }, as: member })
      expect(listed.status).toBe(200)
      expect(listed.body.publications.map((p: { id: string }) => p.id)).toContain(publication.id)
      expect(JSON.stringify(listed.body)).not.toContain(token)
      const refused = await callRoute(workflowPublicationsRoute.POST, { params: { id: workflowId }, body: {}, as: member })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { role: 'editor' } })
      expect((await callRoute(publicationRoute.DELETE, { params: { id: publication.id }, as: member })).status).toBe(403)
    }
    expect((await callRoute(workflowPublicationsRoute.GET, { params: { id: workflowId }, as: stranger })).status).toBe(404)
    expect((await callRoute(workflowPublicationsRoute.POST, { params: { id: workflowId }, body: {}, as: stranger })).status).toBe(404)
    expect((await callRoute(publicationRoute.DELETE, { params: { id: publication.id }, as: stranger })).status).toBe(404)
    expect((await callRoute(workflowPublicationsRoute.GET, { params: { id: workflowId }, as: null })).status).toBe(401)
    expect((await callRoute(workflowPublicationsRoute.POST, { params: { id: workflowId }, body: { rateLimitPerMinute: 0 }, as: owner })).status).toBe(400)
    // A form is never framed: no origins to allow, on creation (the field is not taken) nor later; nothing changes.
    const framed = await callRoute(publicationRoute.PATCH, { params: { id: publication.id }, body: { allowedOrigins: ['https://example.com'] }, as: owner })
    expect(framed.status).toBe(400)
    expect(framed.body.error).toMatchObject({ code: 'invalid_request', details: { field: 'allowedOrigins' } })
    const listed = await callRoute(workflowPublicationsRoute.GET, { params: { id: workflowId }, as: owner })
    expect(listed.body.publications.find((p: { id: string }) => p.id === publication.id).allowedOrigins).toEqual([])
  })

  it('lets a visitor without an account fill in the form and read the output; only the status reaches the stream; the owner sees the run', async () => {
    const { token, publication } = await publish()
    const a = visitor(token, VISITOR_A)
    const form = await a.form()
    expect(form.status).toBe(200)
    expect(form.body).toEqual({
      name: 'Weather',
      description: 'Tells the weather.',
      inputDescription: 'Which city?',
      inputFields: [{ name: 'city', type: 'string', required: true, description: 'A city name', options: [] }],
    })
    const sent = await a.submit({ city: 'Lyon' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(202)
    const runId = sent.body.runId as string
    expect(await runEnd(runId)).toBe('succeeded')
    expect((await a.read(runId)).body).toEqual({ id: runId, status: 'succeeded', outputs: ['Weather in Lyon'], message: null })

    const stream = await a.events(runId)
    expect(stream.status).toBe(200)
    const events = stream.text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: {}')
      .map((line) => JSON.parse(line.slice(6)))
    expect(events).toEqual([{ type: 'end', status: 'succeeded' }])
    expect(stream.text).not.toContain('Lyon')

    // Another visitor, or the same visitor through another publication's token, finds nothing.
    const b = visitor(token, VISITOR_B)
    expect((await b.read(runId)).status).toBe(404)
    expect((await b.events(runId)).status).toBe(404)
    const other = await publish()
    expect((await visitor(other.token, VISITOR_A).read(runId)).status).toBe(404)

    // The workspace sees it among the workflow's runs, started from a public form, as its owner's, held to the workspace.
    const listed = await callRoute(runsRoute.GET, { url: `http://localhost/api/runs?workflowId=${workflowId}&trigger=published`, as: viewer })
    expect(listed.body.runs.map((run: { id: string }) => run.id)).toContain(runId)
    expect(listed.body.runs.find((run: { id: string }) => run.id === runId).trigger).toEqual({ kind: 'published', publicationId: publication.id })
    const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
    expect(stored).toMatchObject({ ownerId: owner.id, workspaceId: teamId, visitorId: VISITOR_A, workspaceScoped: true, input: '{"city":"Lyon"}' })
    const manual = await callRoute(runsRoute.GET, { url: `http://localhost/api/runs?workflowId=${workflowId}&trigger=manual`, as: owner })
    expect(manual.body.runs.map((run: { id: string }) => run.id)).not.toContain(runId)
    const usage = await callRoute(workflowPublicationsRoute.GET, { params: { id: workflowId }, as: owner })
    expect(usage.body.publications.find((p: { id: string }) => p.id === publication.id).runsToday).toBe(1)
  })

  it('refuses input the form does not take with 400 and each field’s problem, and a bad body with 400', async () => {
    const { token } = await publish()
    const a = visitor(token, VISITOR_A)
    for (const input of [{}, { city: 3 }, 'Lyon']) {
      const refused = await a.submit(input)
      expect(refused.status, JSON.stringify(input)).toBe(400)
      expect(refused.body.error.code).toBe('invalid_run_input')
    }
    expect((await a.submit({})).body.error.details.problems).toEqual([{ field: 'city', message: '"city" is required.' }])
    const headers = { [CLIENT_ADDRESS_HEADER]: freshAddress() }
    for (const body of [
      { input: { city: 'x' } },
      { visitorId: 'short', input: { city: 'x' } },
      { visitorId: VISITOR_A, input: '   ' },
      { visitorId: VISITOR_A },
    ]) {
      const answer = await callRoute(visitorRunsRoute.POST, { params: { token }, body, as: null, headers })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('invalid_request')
    }
  })

  it('answers 404 for unknown, malformed, revoked and expired tokens, and for an agent’s token', async () => {
    const revoked = await publish()
    const gone = await callRoute(publicationRoute.DELETE, { params: { id: revoked.publication.id }, as: owner })
    expect(gone.status).toBe(200)
    expect(gone.body.publication.revokedAt).not.toBeNull()
    const expired = await publish({ expiresInHours: 1 })
    await app.db.prisma.publication.update({ where: { id: expired.publication.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const agent = await app.db.prisma.agent.create({ data: { name: 'Helper', ownerId: owner.id, workspaceId: teamId } })
    const agentToken = (await callRoute(agentPublicationsRoute.POST, { params: { id: agent.id }, body: {}, as: owner })).body.token as string
    for (const token of [revoked.token, expired.token, agentToken, 'B'.repeat(43), 'short']) {
      const answers = [await visitor(token, VISITOR_A).form(), await visitor(token, VISITOR_A).submit({ city: 'Oslo' })]
      for (const answer of answers) {
        expect(answer.status, token).toBe(404)
        expect(answer.body.error).toMatchObject({ code: 'not_found', message: expect.any(String) })
      }
    }
    // Nor does a workflow's token open a chat.
    const live = await publish()
    expect(
      (await callRoute(publicChatRoute.GET, { params: { token: live.token }, as: null, headers: { [CLIENT_ADDRESS_HEADER]: freshAddress() } })).status,
    ).toBe(404)
  })

  it('stops answering when its publisher may no longer run the workflow, or it is deleted: a 404 that names nothing', async () => {
    const editor = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    const asOwner = (await app.apiTokens.authenticate(owner.token))!
    await workspaces.addMember(asOwner, teamId, { email: editor.email, role: 'editor', approver: false })
    const id = await makeWorkflow('Editor’s', cityGraph)
    const made = await callRoute(workflowPublicationsRoute.POST, { params: { id }, body: {}, as: editor })
    expect(made.status).toBe(201)
    const a = visitor(made.body.token, VISITOR_A)
    expect((await a.submit({ city: 'Bern' })).status).toBe(202)
    await workspaces.changeMember(asOwner, teamId, editor.id, { role: 'viewer' })
    const refused = await a.submit({ city: 'Bern' })
    expect(refused.status).toBe(404)
    expect(refused.body.error.message).not.toContain(id)
    expect(refused.body.error.message).not.toContain(teamId)
    const { token } = await publish({}, id)
    await app.db.prisma.workflow.update({ where: { id }, data: { deletedAt: new Date() } })
    expect((await visitor(token, VISITOR_A).form()).status).toBe(404)
  })

  it('limits requests a minute per visitor address: 429 with Retry-After, other addresses unaffected', async () => {
    const { token } = await publish({ rateLimitPerMinute: 2 })
    const from = freshAddress()
    const a = visitor(token, VISITOR_A, from)
    for (let i = 0; i < 2; i++) expect((await a.form()).status).toBe(200)
    const limited = await visitor(token, VISITOR_B, from).submit({ city: 'Rome' })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ code: 'too_many_requests', details: { retryAfterSeconds: expect.any(Number) } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await visitor(token, VISITOR_A, freshAddress()).form()).status).toBe(200)
  })

  it('refuses a submission once the day’s token budget is spent, saying so', async () => {
    const { token } = await publish({ dailyTokenBudget: 1 }, await makeWorkflow('Helper', agentGraph))
    const a = visitor(token, VISITOR_A)
    const first = await a.submit('Hello')
    expect(first.status).toBe(202)
    expect(await runEnd(first.body.runId)).toBe('succeeded')
    expect((await a.read(first.body.runId)).body.outputs).toEqual([expect.stringContaining('Hello')])
    const refused = await a.submit('Again')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'daily_budget_spent', message: expect.stringMatching(/today/) })
  })

  it('tells a visitor a failed run failed, and nothing of why', async () => {
    const { token } = await publish({}, await makeWorkflow('Fragile', failingGraph))
    const a = visitor(token, VISITOR_A)
    const sent = await a.submit('anything')
    expect(await runEnd(sent.body.runId)).toBe('failed')
    const read = await a.read(sent.body.runId)
    expect(read.body).toEqual({
      id: sent.body.runId,
      status: 'failed',
      outputs: null,
      message: 'The workflow could not finish this time. Try again in a moment.',
    })
    const stream = await a.events(sent.body.runId)
    expect(stream.text).toContain('"status":"failed"')
    expect(stream.text).not.toMatch(/missing|deeper|boom/)
  })

  it("sends the run's approvals to the workspace; the visitor sees it waiting", async () => {
    const { token } = await publish({}, await makeWorkflow('Asking', askingGraph))
    const a = visitor(token, VISITOR_A)
    const sent = await a.submit('please')
    const approval = await waitFor(
      async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: sent.body.runId, status: 'pending' } })) ?? undefined,
    )
    expect(approval.workspaceId).toBe(teamId)
    await waitFor(async () => ((await a.read(sent.body.runId)).body.status === 'waiting' ? true : undefined))
    const response = await visitorRunEventsRoute.GET(
      new Request(`http://localhost/api/x?visitor=${VISITOR_A}`, { headers: { [CLIENT_ADDRESS_HEADER]: freshAddress() } }),
      { params: Promise.resolve({ token, runId: sent.body.runId }) },
    )
    const reader = response.body!.getReader()
    let text = ''
    while (!text.includes('"waiting"')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).not.toContain('Go?')
  })
})

/**
 * The defect this fixes: a queued visitor turn (or webhook run) took its starter's account role when a worker claimed
 * it, so an admin's publication ran with every workspace's rows in reach. No worker here: runs stay queued until the
 * test claims them, as a worker in another process would.
 */
describe("what a visitor's or a webhook's queued run may reach", () => {
  let app: TestApp
  let admin: TestUser
  let teamId: string
  let otherId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    admin = await app.addUser('admin')
    const workspaces = new WorkspaceService(app)
    teamId = (await workspaces.create(principalOf(admin), 'Published')).id
    otherId = (await workspaces.create(principalOf(admin), 'Elsewhere')).id
  })
  afterAll(async () => {
    await app?.close()
  })

  const headers = { [CLIENT_ADDRESS_HEADER]: '192.0.2.1' }

  it("holds an admin's published agent's visitor turn to the agent's workspace", async () => {
    const agent = await app.db.prisma.agent.create({ data: { name: 'Admin helper', ownerId: admin.id, workspaceId: teamId } })
    const definition = AgentSettingsSchema.parse({ name: 'Admin helper', instructions: 'Help.', model: { provider: 'demo' } })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition, authorId: admin.id } })
    const { token } = (await callRoute(agentPublicationsRoute.POST, { params: { id: agent.id }, body: {}, as: admin })).body as { token: string }
    const started = await callRoute(visitorConversationsRoute.POST, { params: { token }, body: { visitorId: VISITOR_A }, as: null, headers })
    const sent = await callRoute(visitorMessagesRoute.POST, {
      params: { token, id: started.body.id },
      body: { visitorId: VISITOR_A, text: 'Hi' },
      as: null,
      headers,
    })
    expect(sent.status).toBe(202)
    const claimed = await claimRun(app.db.sql, sent.body.runId, 'test-worker')
    expect(claimed?.ownerScope).toEqual({ workspaceId: teamId })
    expect(await app.db.prisma.run.findUniqueOrThrow({ where: { id: sent.body.runId } })).toMatchObject({ ownerId: admin.id, workspaceScoped: true })
  })

  it("holds an admin's published workflow's visitor run to the workflow's workspace", async () => {
    const made = await callRoute(workflowsRoute.POST, {
      body: {
        name: 'Published echo',
        workspaceId: teamId,
        graph: graph().start().node('t', 'transform', { expression: 'input' }).output().chain('start', 't', 'output').build(),
      },
      as: admin,
    })
    const { token } = (await callRoute(workflowPublicationsRoute.POST, { params: { id: made.body.workflow.id }, body: {}, as: admin })).body as {
      token: string
    }
    const sent = await callRoute(visitorRunsRoute.POST, { params: { token }, body: { visitorId: VISITOR_A, input: 'hi' }, as: null, headers })
    expect(sent.status).toBe(202)
    const claimed = await claimRun(app.db.sql, sent.body.runId, 'test-worker')
    expect(claimed?.ownerScope).toEqual({ workspaceId: teamId })
  })

  it("holds an admin's webhook's queued run to the workflow's workspace", async () => {
    const workflow = await callRoute(workflowsRoute.POST, {
      body: {
        name: 'Hooked',
        workspaceId: teamId,
        graph: graph().start().node('t', 'transform', { expression: 'input' }).output().chain('start', 't', 'output').build(),
      },
      as: admin,
    })
    const hook = await callRoute(webhooksRoute.POST, { params: { id: workflow.body.workflow.id }, body: {}, as: admin })
    const body = 'ping'
    const accepted = await callRoute(hookRoute.POST, {
      params: { id: hook.body.webhook.id },
      url: `http://localhost/api/hooks/${hook.body.webhook.id}`,
      rawBody: body,
      headers: { 'agentloom-signature': signatureHeader(hook.body.secret, body) },
      as: null,
    })
    expect(accepted.status).toBe(202)
    const claimed = await claimRun(app.db.sql, accepted.body.runId, 'test-worker')
    expect(claimed?.ownerScope).toEqual({ workspaceId: teamId })
  })

  // Last: its worker would take the runs the tests above leave queued.
  it("lets an admin's own run reach another workspace's sub-workflow, and refuses a visitor's submission of it", async () => {
    const elsewhere = await app.db.prisma.workflow.create({ data: { name: 'Elsewhere', ownerId: admin.id, workspaceId: otherId } })
    const echo = graph().start().node('echo', 'transform', { expression: '"Echo " + input' }).output().chain('start', 'echo', 'output').build()
    await app.db.prisma.workflowVersion.create({ data: { workflowId: elsewhere.id, version: 1, graph: echo as object } })
    // Saving refuses a foreign reference (foreign_reference): this document is written as one saved before that check.
    const calling = graph().start().node('sub', 'sub_workflow', { workflowId: elsewhere.id }).output().chain('start', 'sub', 'output').build()
    const published = await app.db.prisma.workflow.create({ data: { name: 'Calls elsewhere', ownerId: admin.id, workspaceId: teamId } })
    await app.db.prisma.workflowVersion.create({ data: { workflowId: published.id, version: 1, graph: calling as object } })
    const { token } = (await callRoute(workflowPublicationsRoute.POST, { params: { id: published.id }, body: {}, as: admin })).body as { token: string }

    const worker = new RunWorker(app, { concurrency: 1, pollIntervalMs: 100 })
    await worker.start()
    try {
      const byAdmin = await callRoute(runsRoute.POST, { body: { workflowId: published.id, input: 'hi' }, as: admin })
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201)
      const byVisitor = await callRoute(visitorRunsRoute.POST, { params: { token }, body: { visitorId: VISITOR_A, input: 'hi' }, as: null, headers })
      // Checked before anything is queued, with what the publisher may use there; the visitor learns nothing of why.
      expect(byVisitor.status).toBe(503)
      expect(byVisitor.body.error).toEqual({ code: 'service_unavailable', message: 'This form cannot take submissions right now.' })
      expect(await app.db.prisma.run.count({ where: { workflowId: published.id, visitorId: { not: null } } })).toBe(0)
      const ended = await waitFor(async () => {
        const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: byAdmin.body.run.id }, select: { status: true, outputs: true } })
        return ['succeeded', 'failed'].includes(run.status) ? run : undefined
      })
      expect(ended).toMatchObject({ status: 'succeeded', outputs: ['Echo hi'] })
    } finally {
      await worker.stop()
    }
  })
})

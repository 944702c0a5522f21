/**
 * The HTTP boundary as a client sees it: bad input gets a clear 4xx JSON error, never a 500.
 * Route handlers are called exactly as Next calls them, on a real test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { starterDocument } from '@/lib/graph'
import { callRoute, createTestApp } from '@/lib/server/testing/test-app'
import * as approvalRoute from './approvals/[id]/route'
import * as approvalsRoute from './approvals/route'
import * as runRoute from './runs/[id]/route'
import * as runCancelRoute from './runs/[id]/cancel/route'
import * as runShareLinksRoute from './runs/[id]/share-links/route'
import * as runsRoute from './runs/route'
import * as shareRoute from './share/[token]/route'
import * as shareLinkRoute from './share-links/[id]/route'
import * as workflowRoute from './workflows/[id]/route'
import * as versionsRoute from './workflows/[id]/versions/route'
import * as workflowsRoute from './workflows/route'
import * as unknownRoute from './[...path]/route'

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

describe('API routes', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it('creates a workflow with a starter version and lists it', async () => {
    const created = await callRoute(workflowsRoute.POST, { body: { name: '  My flow ' } })
    expect(created.status).toBe(201)
    expect(created.body.workflow.name).toBe('My flow')
    expect(created.body.version.version).toBe(1)
    const list = await callRoute(workflowsRoute.GET)
    expect(list.body.workflows.map((w: { name: string }) => w.name)).toContain('My flow')
  })

  it('answers malformed JSON, schema violations and unknown ids with 400/404 JSON errors', async () => {
    // A body another site could send without a CORS preflight (text/plain) is refused outright.
    const plain = await callRoute(workflowsRoute.POST, { rawBody: '{"name":"x"}', headers: { 'content-type': 'text/plain' } })
    expect(plain).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } })
    const badJson = await callRoute(workflowsRoute.POST, { rawBody: '{"name":' })
    expect(badJson).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } })
    const noName = await callRoute(workflowsRoute.POST, { body: { name: '' } })
    expect(noName.status).toBe(400)
    expect(noName.body.error).toMatchObject({ code: 'invalid_request', details: { issues: [expect.objectContaining({ path: 'name' })] } })
    const wrongType = await callRoute(workflowsRoute.POST, { body: [1, 2] })
    expect(wrongType.status).toBe(400)
    expect((await callRoute(workflowRoute.GET, { params: { id: 'nope' } })).status).toBe(404)
    expect((await callRoute(workflowRoute.PATCH, { params: { id: 'nope' }, body: { name: 'x' } })).status).toBe(404)
    expect((await callRoute(workflowRoute.PATCH, { params: { id: 'nope' }, body: {} })).status).toBe(400)
    expect((await callRoute(runRoute.GET, { params: { id: 'not-a-uuid' } })).status).toBe(400)
    expect((await callRoute(runRoute.GET, { params: { id: UNKNOWN_UUID } })).status).toBe(404)
    expect((await callRoute(runsRoute.POST, { body: { workflowId: 'nope', input: 'x' } })).status).toBe(404)
    expect((await callRoute(runsRoute.POST, { body: { input: 42 } })).status).toBe(400)
    expect((await callRoute(runsRoute.GET, { url: 'http://localhost/api/runs?limit=abc' })).status).toBe(400)
    expect((await callRoute(approvalRoute.POST, { params: { id: UNKNOWN_UUID }, body: { decision: 'approve' } })).status).toBe(404)
    expect((await callRoute(approvalRoute.POST, { params: { id: UNKNOWN_UUID }, body: { decision: 'maybe' } })).status).toBe(400)
    expect((await callRoute(approvalsRoute.GET, { url: 'http://localhost/api/approvals?status=weird' })).status).toBe(400)
    expect((await callRoute(shareLinkRoute.DELETE, { params: { id: UNKNOWN_UUID } })).status).toBe(404)
    expect((await callRoute(unknownRoute.GET, { url: 'http://localhost/api/nothing/here' })).status).toBe(404)
  })

  it('refuses to store a graph with errors, listing every problem by node id', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 'v' } })
    const id = body.workflow.id
    const broken = { ...starterDocument(), edges: [{ id: 'e1', source: 'ghost', target: 'nowhere' }] }
    const rejected = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: broken } })
    expect(rejected.status).toBe(400)
    expect(rejected.body.error.code).toBe('invalid_graph')
    expect(rejected.body.error.details.problems.length).toBeGreaterThan(0)
    expect(rejected.body.error.details.problems.some((p: { edgeId?: string }) => p.edgeId === 'e1')).toBe(true)
    const garbage = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: 'not a graph' } })
    expect(garbage.status).toBe(400)
    const saved = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: starterDocument(), baseVersion: 1 } })
    expect(saved).toMatchObject({ status: 201, body: { version: { version: 2 } } })
  })

  it('queues a run of the latest version, and cancels it once', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 'r' } })
    const created = await callRoute(runsRoute.POST, { body: { workflowId: body.workflow.id, input: 'hello' } })
    expect(created).toMatchObject({ status: 201, body: { run: { status: 'queued', version: 1 } } })
    const runId = created.body.run.id
    const detail = await callRoute(runRoute.GET, { params: { id: runId } })
    expect(detail.body).toMatchObject({ run: { id: runId, input: 'hello' }, graph: { schemaVersion: 1 }, approvals: [] })
    expect((await callRoute(runCancelRoute.POST, { params: { id: runId } })).body.run.status).toBe('cancelled')
    expect((await callRoute(runCancelRoute.POST, { params: { id: runId } })).status).toBe(409)
  })

  it('shares a run read-only through a token that is stored hashed, and revokes it', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 's' } })
    const run = await callRoute(runsRoute.POST, { body: { workflowId: body.workflow.id, input: 'secret-free input' } })
    const runId = run.body.run.id
    const created = await callRoute(runShareLinksRoute.POST, { params: { id: runId }, body: {} })
    expect(created.status).toBe(201)
    const { token, url, shareLink } = created.body
    expect(url).toBe(`/share/${token}`)
    const stored = await app.db.prisma.shareLink.findUniqueOrThrow({ where: { id: shareLink.id } })
    expect(stored.tokenHash).not.toContain(token)
    const shared = await callRoute(shareRoute.GET, { params: { token } })
    expect(shared.status).toBe(200)
    expect(shared.body.run.id).toBe(runId)
    expect(shared.body.events.map((e: { type: string }) => e.type)).toContain('run_queued')
    // A shared page polls for what is new only; a bad `after` is a client error.
    const last = shared.body.events.at(-1).sequence
    const newer = await callRoute(shareRoute.GET, { params: { token }, url: `http://localhost/api/share/${token}?after=${last}` })
    expect(newer).toMatchObject({ status: 200, body: { run: { id: runId }, events: [] } })
    const fromFirst = await callRoute(shareRoute.GET, { params: { token }, url: `http://localhost/api/share/${token}?after=${shared.body.events[0].sequence}` })
    expect(fromFirst.body.events).toEqual(shared.body.events.slice(1))
    expect(await callRoute(shareRoute.GET, { params: { token }, url: `http://localhost/api/share/${token}?after=-1` })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request' } },
    })
    const listed = await callRoute(runShareLinksRoute.GET, { params: { id: runId } })
    expect(JSON.stringify(listed.body)).not.toContain(token)
    expect((await callRoute(shareLinkRoute.DELETE, { params: { id: shareLink.id } })).body.shareLink.revokedAt).not.toBeNull()
    expect((await callRoute(shareRoute.GET, { params: { token } })).status).toBe(404)
    expect((await callRoute(shareRoute.GET, { params: { token: 'short' } })).status).toBe(404)
    expect((await callRoute(runShareLinksRoute.POST, { params: { id: runId }, body: { expiresInHours: -1 } })).status).toBe(400)
  })

  it('treats an expired share link as unknown', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 'e' } })
    const run = await callRoute(runsRoute.POST, { body: { workflowId: body.workflow.id } })
    const created = await callRoute(runShareLinksRoute.POST, { params: { id: run.body.run.id }, body: { expiresInHours: 1 } })
    await app.db.prisma.shareLink.update({ where: { id: created.body.shareLink.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await callRoute(shareRoute.GET, { params: { token: created.body.token } })).status).toBe(404)
  })

  it('keeps per-workflow settings beside the graph, validated', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 'settings' } })
    const id = body.workflow.id
    expect(body.workflow.settings).toEqual({ conversationForwarding: { enabled: false, timeoutMs: 10000 }, maxSupersteps: 100 })
    const bad = await callRoute(workflowRoute.PATCH, {
      params: { id },
      body: { settings: { conversationForwarding: { enabled: true, endpoint: 'not a url' } } },
    })
    expect(bad.status).toBe(400)
    const good = await callRoute(workflowRoute.PATCH, {
      params: { id },
      body: { settings: { conversationForwarding: { enabled: true, endpoint: 'https://tp.example/chat-message' } } },
    })
    expect(good.body.workflow.settings.conversationForwarding).toMatchObject({ enabled: true, endpoint: 'https://tp.example/chat-message' })
    expect((await callRoute(workflowRoute.GET, { params: { id } })).body.workflow.settings.conversationForwarding.enabled).toBe(true)
    // Max steps: bounded, and a PATCH naming it leaves forwarding as it was.
    expect((await callRoute(workflowRoute.PATCH, { params: { id }, body: { settings: { maxSupersteps: 10_001 } } })).status).toBe(400)
    const raised = await callRoute(workflowRoute.PATCH, { params: { id }, body: { settings: { maxSupersteps: 1_500 } } })
    expect(raised.body.workflow.settings).toMatchObject({
      maxSupersteps: 1_500,
      conversationForwarding: { enabled: true, endpoint: 'https://tp.example/chat-message' },
    })
  })
})

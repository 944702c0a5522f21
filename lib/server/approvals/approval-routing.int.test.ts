/**
 * A workspace's approval routing end to end, with real parts: the routes against real Postgres, a loopback HTTP
 * receiver standing in for the chat's incoming webhook (the test environment's outbound allow-list opens loopback, as
 * an admin's would for a local chat server), runs of a workflow that asks a person going through the real queue and
 * worker, and graphile-worker running the notification and escalation jobs. Time is driven by rescheduling the
 * escalation job to now (graphile-worker's own reschedule_jobs), never by the clock; outcomes are polled for.
 *
 * Throughout, the webhook URL (with a secret in its path and query, as Slack's have) must appear in no response,
 * no audit entry and no column in plain text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { runEventStream } from '../runs/events/run-event-stream'
import { RunService } from '../runs/run-service'
import { startRecordingHttpServer, type RecordingHttpServer } from '../testing/recording-http-server'
import { callRoute, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { createWorkerTestApp, type WorkerTestApp } from '../testing/worker-test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { WorkspaceService } from '../workspaces/workspace-service'
import { approvalInboxStream } from './approval-inbox-stream'
import { approvalLink } from './approval-routing-jobs'
import { GET as getRouting, PUT as putRouting } from '@/app/api/workspaces/[id]/approval-routing/route'
import { POST as testWebhook } from '@/app/api/workspaces/[id]/approval-routing/test/route'
import { GET as auditLog } from '@/app/api/workspaces/[id]/audit-log/route'

const SECRET_PART = 'T0001/B0002/s3cr3tWebhookToken'

const ASKING = graph().start().node('ask', 'human_input', { prompt: 'Ship the release?' }).output().chain('start', 'ask', 'output').build()

describe('approval routing: a workspace webhook and escalation to its owners', () => {
  let app: WorkerTestApp
  let receiver: RecordingHttpServer
  let hookUrl: string
  let owner: TestUser
  let editor: TestUser
  let viewer: TestUser
  let stranger: TestUser
  let ownerPrincipal: Principal
  let workspaceId: string
  let workflowId: string
  /** Every response body the routes gave, to look for the URL in. */
  const bodies: string[] = []

  const call = async (handler: Parameters<typeof callRoute>[0], as: TestUser, body?: unknown) => {
    const response = await callRoute(handler, {
      params: { id: workspaceId },
      as,
      body,
      method: body === undefined ? 'GET' : handler === putRouting ? 'PUT' : 'POST',
    })
    bodies.push(JSON.stringify(response.body))
    return response
  }
  const hookRequests = () => receiver.requests.filter((request) => request.path.startsWith('/services/'))
  const texts = () => hookRequests().map((request) => (request.body as { text: string }).text)

  /** A run of the asking workflow, parked on its question: the approval's id. */
  async function askingRun(): Promise<string> {
    const run = await new RunService(app).create(ownerPrincipal, { workflowId, input: 'v1.2' })
    return waitFor(async () => {
      const approval = await app.db.prisma.approvalRequest.findFirst({ where: { runId: run.id, status: 'pending' } })
      return approval?.id
    })
  }

  async function jobOf(key: string): Promise<string | undefined> {
    const [job] = await app.db.sql.query<{ id: string }>(`SELECT id::text FROM graphile_worker.jobs WHERE key = $1`, [key])
    return job?.id
  }

  /** Runs the approval's escalation job now instead of at created + the delay, and waits until it has run. */
  async function escalateNow(approvalId: string): Promise<void> {
    const key = `approval-escalate:${approvalId}`
    const job = await waitFor(() => jobOf(key))
    await app.db.sql.query(`SELECT graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at => now())`, [job])
    await waitFor(async () => ((await jobOf(key)) === undefined ? true : undefined))
  }

  /** Everything a stream sends, as text frames, until `stop` is called. */
  function readFrames(stream: ReadableStream<Uint8Array>): { frames: string[]; stop: () => Promise<void> } {
    const frames: string[] = []
    const reader = stream.getReader()
    const reading = (async () => {
      const decoder = new TextDecoder()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        frames.push(decoder.decode(value))
      }
    })()
    return { frames, stop: () => reader.cancel().then(() => reading.catch(() => {})) }
  }

  const escalationEventsOf = (runId: string) =>
    app.db.sql.query<{ sequence: number; data: Record<string, unknown> }>(
      `SELECT sequence, data FROM "RunEvent" WHERE "runId" = $1 AND type = 'approval_escalated' ORDER BY sequence`,
      [runId],
    )

  beforeAll(async () => {
    receiver = await startRecordingHttpServer()
    hookUrl = `${receiver.url}/services/${SECRET_PART}?token=${SECRET_PART}`
    app = await createWorkerTestApp({ seed: false })
    owner = await app.addUser('member', 'owner@example.test')
    await app.db.prisma.user.update({ where: { id: owner.id }, data: { name: 'Olive Owner' } })
    editor = await app.addUser('member')
    viewer = await app.addUser('member')
    stranger = await app.addUser('member')
    const workspaces = new WorkspaceService(app)
    const asOwner = async () => (await app.apiTokens.authenticate(owner.token))!
    workspaceId = (await workspaces.create(await asOwner(), 'Release team')).id
    await workspaces.addMember(await asOwner(), workspaceId, { email: editor.email, role: 'editor', approver: true })
    await workspaces.addMember(await asOwner(), workspaceId, { email: viewer.email, role: 'viewer', approver: false })
    ownerPrincipal = await asOwner()
    workflowId = (await new WorkflowService(app.db.prisma).create(ownerPrincipal, { name: 'Release', graph: ASKING, workspaceId })).workflow.id
  })

  afterAll(async () => {
    await app?.close()
    await receiver?.close()
  })

  it('asks nothing of the queue for a workspace without routing', async () => {
    const approvalId = await askingRun()
    expect(await jobOf(`approval-notify:${approvalId}`)).toBeUndefined()
    expect(await jobOf(`approval-escalate:${approvalId}`)).toBeUndefined()
    const view = await call(getRouting, owner)
    expect(view.status).toBe(200)
    expect(view.body.routing).toEqual({
      workspaceId,
      webhookConfigured: false,
      webhookHost: null,
      escalationMinutes: null,
      approvalTimeoutMinutes: 10,
      updatedAt: null,
    })
  })

  it('lets owners only read and change it: other members 403, non-members 404', async () => {
    for (const member of [editor, viewer]) {
      for (const [handler, body] of [
        [getRouting, undefined],
        [putRouting, { escalationMinutes: 5 }],
        [testWebhook, {}],
      ] as const) {
        const response = await call(handler, member, body)
        expect(response.status).toBe(403)
        expect(response.body.error).toMatchObject({ code: 'forbidden', details: { role: 'owner' } })
      }
    }
    const hidden = await call(getRouting, stranger)
    expect(hidden.status).toBe(404)
    expect((await call(putRouting, stranger, { webhookUrl: hookUrl })).status).toBe(404)
  })

  it('refuses a URL that is not https (http only for allow-listed hosts) or that the outbound policy refuses', async () => {
    const notHttps = await call(putRouting, owner, { webhookUrl: 'ftp://hooks.example.com/x' })
    expect(notHttps.status).toBe(400)
    expect(notHttps.body.error.message).toMatch(/must use https/)
    const plainHttp = await call(putRouting, owner, { webhookUrl: 'http://hooks.example.com/x' })
    expect(plainHttp.status).toBe(400)
    expect(plainHttp.body.error.message).toMatch(/must use https \(http only for a host the installation's outbound allow-list names/)
    const inside = await call(putRouting, owner, { webhookUrl: 'https://10.1.2.3/hook' })
    expect(inside.status).toBe(400)
    expect(inside.body.error).toMatchObject({ code: 'outbound_address_refused' })
    expect(inside.body.error.message).toMatch(/refused by the outbound policy: 10\.1\.2\.3 is a private address/)
    expect((await call(putRouting, owner, { webhookUrl: 'not a url' })).status).toBe(400)
    expect((await call(putRouting, owner, { escalationMinutes: 0 })).status).toBe(400)
    // Approvals expire after ten minutes here: a delay as long would never escalate anything.
    const afterExpiry = await call(putRouting, owner, { escalationMinutes: 10 })
    expect(afterExpiry.status).toBe(400)
    expect(afterExpiry.body.error).toMatchObject({
      code: 'escalation_after_expiry',
      message: 'Approvals on this server expire after 10 minutes, so an escalation after 10 minutes would never be sent: choose a shorter delay.',
      details: { approvalTimeoutMinutes: 10 },
    })
  })

  it('answers 409 to a test before a webhook is saved', async () => {
    const response = await call(testWebhook, owner, {})
    expect(response.status).toBe(409)
    expect(response.body.error.code).toBe('no_approval_webhook')
  })

  it('seals the URL, shows only its host, and sends a test message that says what happened', async () => {
    const saved = await call(putRouting, owner, { webhookUrl: hookUrl })
    expect(saved.status).toBe(200)
    expect(saved.body.routing).toMatchObject({ webhookConfigured: true, webhookHost: '127.0.0.1', escalationMinutes: null })
    const row = await app.db.prisma.workspaceApprovalRouting.findUniqueOrThrow({ where: { workspaceId } })
    expect(row.webhook).toMatch(/^v1:/)
    expect(row.webhook).not.toContain(SECRET_PART)

    const tested = await call(testWebhook, owner, {})
    expect(tested.status).toBe(200)
    expect(tested.body.test).toEqual({ outcome: 'delivered', message: 'The webhook at 127.0.0.1 took the test message.', remoteStatus: null })
    expect(texts().at(-1)).toMatch(/^Test message from Agentloom, sent by Olive Owner: approvals of workspace "Release team" will be told here\.$/)

    receiver.reply.status = 503
    const failed = await call(testWebhook, owner, {})
    expect(failed.body.test).toEqual({ outcome: 'failed', message: 'the webhook answered HTTP 503', remoteStatus: 503 })
    receiver.reply.status = 200
  })

  it('posts each new approval of the workspace’s runs from the job queue, with what is asked, the workflow and a link', async () => {
    const before = hookRequests().length
    const approvalId = await askingRun()
    const text = await waitFor(async () =>
      texts()
        .slice(before)
        .find((each) => each.includes(approvalId)),
    )
    expect(text).toBe(`ask asks a question: Ship the release? (a run of "Release")\n<${approvalLink(approvalId)}|Answer it in Agentloom>`)
  })

  it('escalates an approval still waiting after the delay: escalatedAt, the owners’ stream and the webhook are told', async () => {
    // Past the approval's expiry (ten minutes by default): it would expire first, so no escalation is queued. Saving
    // such a delay is refused; one saved before an admin shortened AGENTLOOM_APPROVAL_TIMEOUT_MS is in the row as here.
    await app.db.prisma.workspaceApprovalRouting.update({ where: { workspaceId }, data: { escalationMinutes: 30 } })
    const expiresFirst = await askingRun()
    // Its notice is sent (the worker may already have run and removed the job: the message is the proof), its
    // escalation never queued.
    await waitFor(async () => (texts().some((each) => each.includes(expiresFirst)) ? true : undefined))
    expect(await jobOf(`approval-escalate:${expiresFirst}`)).toBeUndefined()
    const saved = await call(putRouting, owner, { escalationMinutes: 5 })
    expect(saved.body.routing).toMatchObject({ webhookConfigured: true, escalationMinutes: 5 })
    // The owner's inbox stream, as the navigation's badge keeps it open.
    const aborter = new AbortController()
    const inbox = readFrames(approvalInboxStream(app, ownerPrincipal, aborter.signal))
    const frames = inbox.frames
    let runStream: ReturnType<typeof readFrames> | undefined
    try {
      const approvalId = await askingRun()
      // Anyone following the run, as its page does: from after the events stored so far.
      const runId = (await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })).runId!
      runStream = readFrames(runEventStream(app, runId, await app.events.lastSequence(runId), aborter.signal))
      await escalateNow(approvalId)
      const row = await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })
      expect(row.escalatedAt).not.toBeNull()
      // The run's own record says so, once, and its followers are told live.
      const [stored, ...more] = await escalationEventsOf(runId)
      expect(more).toEqual([])
      expect(stored!.data).toEqual({
        approvalId,
        kind: 'human_input',
        title: row.title,
        source: 'ask',
        escalatedAt: row.escalatedAt!.toISOString(),
      })
      const streamed = await waitFor(async () => runStream!.frames.find((frame) => frame.includes('"type":"approval_escalated"')))
      expect(streamed).toContain(`id: ${stored!.sequence}\ndata: {"sequence":${stored!.sequence},"type":"approval_escalated"`)
      expect(streamed).toContain(`"approvalId":"${approvalId}"`)
      // The job again (a retry after a lost acknowledgement): the approval is escalated already, nothing more is stored.
      await app.db.sql.query(`SELECT graphile_worker.add_job('approval-escalate', json_build_object('approvalId', $1::text), job_key => $2)`, [
        approvalId,
        `approval-escalate:${approvalId}`,
      ])
      await waitFor(async () => ((await jobOf(`approval-escalate:${approvalId}`)) === undefined ? true : undefined))
      expect(await escalationEventsOf(runId)).toHaveLength(1)
      const text = await waitFor(async () => texts().find((each) => each.startsWith('Escalated') && each.includes(approvalId)))
      expect(text).toMatch(
        /^Escalated to the workspace owners: Olive Owner\. Still waiting after 1 min: ask asks a question: Ship the release\? \(a run of "Release"\)\n/,
      )
      await waitFor(async () => (frames.some((frame) => frame.includes(`event: escalated\ndata: {"approvalId":"${approvalId}"}`)) ? true : undefined))
      // The inbox shows it escalated.
      const [listed] = await app.approvals.list(ownerPrincipal, { status: 'pending', runId: row.runId! })
      expect(listed!.escalatedAt).toBe(row.escalatedAt!.toISOString())
    } finally {
      aborter.abort()
      await inbox.stop()
      await runStream?.stop()
    }
  })

  it('sends nothing for an approval answered before the delay', async () => {
    const approvalId = await askingRun()
    await waitFor(async () => (texts().some((each) => each.includes(approvalId)) ? true : undefined))
    await app.approvals.answer(ownerPrincipal, approvalId, { decision: 'approve', content: { text: 'yes' } })
    const told = texts().filter((each) => each.includes(approvalId)).length
    await escalateNow(approvalId)
    const row = await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })
    expect(row.escalatedAt).toBeNull()
    expect(await escalationEventsOf(row.runId!)).toEqual([])
    expect(await jobOf(`approval-escalated:${approvalId}`)).toBeUndefined()
    expect(texts().filter((each) => each.includes(approvalId))).toHaveLength(told)
  })

  it('records a delivery that kept failing in the workspace’s audit log, without the URL, and the run goes on', async () => {
    await call(putRouting, owner, { escalationMinutes: null })
    receiver.reply.status = 500
    try {
      const approvalId = await askingRun()
      const key = `approval-notify:${approvalId}`
      // The first try failed: the last one is made now, instead of after graphile-worker's backoff.
      const job = await waitFor(async () => {
        const [row] = await app.db.sql.query<{ id: string }>(
          `SELECT id::text FROM graphile_worker.jobs WHERE key = $1 AND attempts >= 1 AND locked_at IS NULL AND last_error IS NOT NULL`,
          [key],
        )
        return row?.id
      })
      await app.db.sql.query(`SELECT graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at => now(), attempts => 4)`, [job])
      const entry = await waitFor(
        async () =>
          (await app.db.prisma.auditLog.findFirst({
            where: { workspaceId, action: 'workspace.approval_webhook_failed', details: { path: ['approvalId'], equals: approvalId } },
          })) ?? undefined,
      )
      expect(entry?.details).toMatchObject({ approvalId, escalation: false, reason: 'the webhook answered HTTP 500', attempts: 5 })
      expect((await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe('pending')
    } finally {
      receiver.reply.status = 200
    }
  })

  it('removes the webhook on request; the URL is in no response and no audit entry', async () => {
    const removed = await call(putRouting, owner, { webhookUrl: null })
    expect(removed.body.routing).toMatchObject({ webhookConfigured: false, webhookHost: null })
    const log = await call(auditLog, owner)
    expect(log.status).toBe(200)
    const actions = (log.body.entries as Array<{ action: string; details: Record<string, unknown> }>).map((entry) => entry.action)
    expect(actions).toContain('workspace.approval_routing_change')
    expect(actions).toContain('workspace.approval_webhook_test')
    expect(log.body.entries.find((entry: { details: { webhook?: string } }) => entry.details.webhook === 'set').details).toEqual({
      webhook: 'set',
      webhookHost: '127.0.0.1',
    })
    for (const body of bodies) {
      expect(body).not.toContain(SECRET_PART)
      expect(body).not.toContain(hookUrl)
    }
    const entries = await app.db.prisma.auditLog.findMany({ where: { workspaceId } })
    expect(JSON.stringify(entries)).not.toContain(SECRET_PART)
  })
})

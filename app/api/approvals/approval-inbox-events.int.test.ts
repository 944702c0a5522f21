/**
 * `GET /api/approvals/events`: each person's stream says how many of their approvals wait, at once
 * and again when one is created or answered; nobody sees another member's count; no sign-in is 401.
 * Also the runs list's status filter, the other API change of the runs page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvalInboxEventSchema } from '@/lib/contracts/approvals'
import type { ApprovalDecision } from '@/lib/server/approvals/approval-broker'
import { RunService } from '@/lib/server/runs/run-service'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { POST as answerApproval } from '../approvals/[id]/route'
import { GET as listRuns } from '../runs/route'
import { GET as inboxEvents } from './events/route'

/** Reads `pending` events off an open inbox stream, one at a time. */
class InboxReader {
  private buffer = ''
  private readonly decoder = new TextDecoder()

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly aborter: AbortController,
  ) {}

  static async open(user: TestUser): Promise<InboxReader> {
    const aborter = new AbortController()
    const request = new Request('http://localhost/api/approvals/events', { signal: aborter.signal, headers: { authorization: `Bearer ${user.token}` } })
    const response = await inboxEvents(request, { params: Promise.resolve({}) })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    return new InboxReader(response.body!.getReader(), aborter)
  }

  async next(): Promise<number> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n')
      if (end >= 0) {
        const frame = this.buffer.slice(0, end)
        this.buffer = this.buffer.slice(end + 2)
        const lines = frame.split('\n')
        if (!lines.includes('event: pending')) continue
        const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length)
        return approvalInboxEventSchema.parse(JSON.parse(data)).pending
      }
      const { value, done } = await this.reader.read()
      if (done) throw new Error('The inbox stream ended.')
      this.buffer += this.decoder.decode(value, { stream: true })
    }
  }

  /** The next count equal to `expected` (a burst may be told as more than one event). */
  async until(expected: number): Promise<number> {
    for (;;) {
      const pending = await this.next()
      if (pending === expected) return pending
    }
  }

  async close(): Promise<void> {
    this.aborter.abort()
    await this.reader.cancel().catch(() => {})
  }
}

describe('GET /api/approvals/events', () => {
  let app: TestApp
  let owner: TestUser
  let other: TestUser
  let runs: RunService

  beforeAll(async () => {
    app = await createTestApp()
    owner = await app.addUser('member')
    other = await app.addUser('member')
    runs = new RunService(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  async function runOf(user: TestUser): Promise<string> {
    const as = principalOf(user)
    const workflowId = (await new WorkflowService(app.db.prisma).create(as, { name: `of ${user.email}` })).workflow.id
    return (await runs.create(as, { workflowId, input: 'hi' })).id
  }

  function ask(runId: string): Promise<ApprovalDecision> {
    return app.approvals.request({ runId, kind: 'human_input', source: 'ask', title: 'Go on?', payload: { prompt: 'Go on?' }, timeoutMs: 60_000 })
  }

  it('counts the caller’s own waiting approvals, live, and an admin’s count covers everyone', async () => {
    const ownerRun = await runOf(owner)
    const otherRun = await runOf(other)
    const ownerInbox = await InboxReader.open(owner)
    const otherInbox = await InboxReader.open(other)
    // Ended in every case: a wait left pending would re-check the database after this file closed it.
    let otherWaiting: Promise<ApprovalDecision> | undefined
    try {
      expect(await ownerInbox.next()).toBe(0)
      expect(await otherInbox.next()).toBe(0)

      const waiting = ask(ownerRun)
      expect(await ownerInbox.until(1)).toBe(1)

      otherWaiting = ask(otherRun)
      // The other member's stream counts their own request only, never the owner's.
      expect(await otherInbox.next()).toBe(1)

      const adminInbox = await InboxReader.open(app.admin)
      expect(await adminInbox.next()).toBe(2)
      await adminInbox.close()

      const [approval] = await app.db.prisma.approvalRequest.findMany({ where: { runId: ownerRun } })
      const answered = await callRoute(answerApproval, { as: owner, params: { id: approval!.id }, body: { decision: 'approve', content: { text: 'yes' } } })
      expect(answered.status).toBe(200)
      await waiting
      expect(await ownerInbox.until(0)).toBe(0)
      await app.approvals.expirePendingForRun(otherRun, 'the test is over', 'run_cancelled')
      expect((await otherWaiting).status).toBe('expired')
    } finally {
      await app.approvals.expirePendingForRun(otherRun, 'the test is over', 'run_cancelled')
      await otherWaiting?.catch(() => {})
      await ownerInbox.close()
      await otherInbox.close()
    }
  })

  it('counts a question a parked workflow run opens (the worker’s path, not the broker’s)', async () => {
    const as = principalOf(owner)
    const graph = {
      schemaVersion: 1,
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'ask', kind: 'human_input', position: { x: 200, y: 0 }, data: { prompt: 'Colour?' } },
        { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'ask' },
        { id: 'b', source: 'ask', target: 'output' },
      ],
    }
    const workflowId = (await new WorkflowService(app.db.prisma).create(as, { name: 'asks', graph: graph as never })).workflow.id
    const pendingNow = await app.approvals.countPending(as)
    const inbox = await InboxReader.open(owner)
    const worker = new RunWorker(app, { concurrency: 1 })
    try {
      expect(await inbox.next()).toBe(pendingNow)
      await worker.start()
      await runs.create(as, { workflowId, input: 'go' })
      expect(await inbox.until(pendingNow + 1)).toBe(pendingNow + 1)
    } finally {
      await inbox.close()
      await worker.stop()
    }
  })

  it('refuses a caller without a session', async () => {
    const response = await callRoute(inboxEvents, { as: null })
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBeTypeOf('string')
  })
})

describe('GET /api/runs?status=', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists only the runs in that status, and refuses an unknown status with a 400', async () => {
    const owner = await app.addUser('member')
    const as = principalOf(owner)
    const runs = new RunService(app)
    const workflowId = (await new WorkflowService(app.db.prisma).create(as, { name: 'filtered' })).workflow.id
    const queued = (await runs.create(as, { workflowId, input: 'a' })).id
    const cancelled = (await runs.create(as, { workflowId, input: 'b' })).id
    await runs.cancel(as, cancelled)

    const list = async (status: string) =>
      (await callRoute(listRuns, { as: owner, url: `http://localhost/api/runs?status=${status}` })).body.runs.map((run: { id: string }) => run.id)
    expect(await list('cancelled')).toEqual([cancelled])
    expect(await list('queued')).toEqual([queued])
    expect(await list('succeeded')).toEqual([])

    const bad = await callRoute(listRuns, { as: owner, url: 'http://localhost/api/runs?status=finished' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBeTypeOf('string')
  })
})

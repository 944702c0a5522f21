import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { answerOf } from '@/lib/server/testing/http-answer'
import { PgNotifications } from '../db/pg-notifications'
import { createTestApp, principalOf } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { RunEventLog } from '../runs/events/run-event-log'
import { ApprovalBroker, type ApprovalBrokerOptions, type ApprovalRequestInput } from './approval-broker'

describe('ApprovalBroker', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runId: string
  const otherConnections: PgNotifications[] = []

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    const run = await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: 'x', status: 'running' } })
    runId = run.id
  })
  afterAll(async () => {
    for (const notifications of otherConnections) await notifications.close()
    await app?.close()
  })

  /** A broker of another process: its own event log and notification connection, sharing only the database. */
  function otherProcess(options: ApprovalBrokerOptions = {}): ApprovalBroker {
    const notifications = new PgNotifications(() => app.db.connectClient())
    otherConnections.push(notifications)
    return new ApprovalBroker(app.db, new RunEventLog(app.db, notifications), notifications, options)
  }

  async function newRun(): Promise<string> {
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    return (await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: 'x', status: 'running' } })).id
  }

  const requestIn = (broker: ApprovalBroker, overrides: Partial<ApprovalRequestInput> = {}) =>
    broker.request({ runId, kind: 'sampling', source: 'srv', title: 't', payload: { maxTokensCap: 300 }, timeoutMs: 30_000, ...overrides })

  /** The newest request of a run, read from the table alone (listing would expire overdue ones). */
  const newestRequestOf = (id: string) =>
    waitFor(async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: id }, orderBy: { createdAt: 'desc' }, select: { id: true } }))?.id)

  const resolvedEventsOf = async (id: string, approvalId: string) =>
    (await app.events.listAfter(id, 0, 10_000)).filter(
      (e) => e.type === 'approval_resolved' && (e.data as { approval: ApprovalView }).approval.id === approvalId,
    )

  const request = (overrides: Partial<Parameters<ApprovalBroker['request']>[0]> = {}) =>
    app.approvals.request({ runId, kind: 'sampling', source: 'srv', title: 't', payload: { maxTokensCap: 300 }, timeoutMs: 30_000, ...overrides })

  async function pendingId(): Promise<string> {
    for (;;) {
      const [pending] = await app.approvals.list(principalOf(app.admin), { status: 'pending', runId })
      if (pending) return pending.id
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it('resolves the waiter when a person approves, with their edits, and records run events', async () => {
    const waiting = request()
    const id = await pendingId()
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('waiting')
    const answered = await app.approvals.answer(principalOf(app.admin), id, { decision: 'approve', maxTokens: 120 })
    expect(answered.status).toBe('approved')
    await expect(waiting).resolves.toMatchObject({ approved: true, status: 'approved', response: { maxTokens: 120 } })
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('running')
    const types = (await app.events.listAfter(runId)).map((e) => e.type)
    expect(types).toEqual(expect.arrayContaining(['approval_requested', 'approval_resolved']))
  })

  it('denies when a person denies', async () => {
    const waiting = request()
    await app.approvals.answer(principalOf(app.admin), await pendingId(), { decision: 'deny', reason: 'no' })
    await expect(waiting).resolves.toMatchObject({ approved: false, status: 'denied', response: { reason: 'no' } })
  })

  it('denies by default when nobody answers in time, and refuses a late answer with 409', async () => {
    const decision = await request({ timeoutMs: 150 })
    expect(decision).toMatchObject({ approved: false, status: 'expired', response: { closedBy: 'expiry' } })
    const [expired] = await app.approvals.list(principalOf(app.admin), { status: 'expired', runId })
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), expired.id, { decision: 'approve' }))).toMatchObject({
      status: 409,
      code: 'approval_expired',
    })
  })

  it('says a request closed by cancelling its run was closed by the cancel, not by its expiry', async () => {
    const waiting = request()
    const id = await pendingId()
    await app.approvals.expirePendingForRun(runId, 'The run was cancelled.', 'run_cancelled')
    await expect(waiting).resolves.toMatchObject({
      approved: false,
      status: 'expired',
      response: { reason: 'The run was cancelled.', closedBy: 'run_cancelled' },
    })
    expect((await app.approvals.get(principalOf(app.admin), id)).response).toMatchObject({ closedBy: 'run_cancelled' })
  })

  it('denies when the run is cancelled (signal) while waiting', async () => {
    const controller = new AbortController()
    const waiting = request({ signal: controller.signal })
    await pendingId()
    controller.abort()
    await expect(waiting).resolves.toMatchObject({ approved: false })
  })

  it('answers twice → 409 already decided; unknown id → 404; a cap above the request → 400', async () => {
    const waiting = request()
    const id = await pendingId()
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), id, { decision: 'approve', maxTokens: 301 }))).toMatchObject({ status: 400 })
    await app.approvals.answer(principalOf(app.admin), id, { decision: 'approve' })
    await waiting
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), id, { decision: 'deny' }))).toMatchObject({
      status: 409,
      code: 'approval_already_decided',
    })
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), '00000000-0000-4000-8000-000000000000', { decision: 'deny' }))).toMatchObject({
      status: 404,
    })
  })

  it("belongs to the run's owner: only they and admins list, read and answer it; others get 404", async () => {
    const owner = await app.addUser('member')
    const stranger = principalOf(await app.addUser('member'))
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    const run = await app.db.prisma.run.create({
      data: { workflowId: version.workflowId, versionId: version.id, input: 'x', status: 'running', ownerId: owner.id, workspaceId: owner.personalWorkspaceId },
    })
    const waiting = app.approvals.request({ runId: run.id, kind: 'human_input', source: 'n', title: 't', payload: {}, timeoutMs: 30_000 })
    const [pending] = await waitFor(async () => {
      const list = await app.approvals.list(principalOf(owner), { status: 'pending', runId: run.id })
      return list.length ? list : undefined
    })
    expect((await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: pending.id } })).ownerId).toBe(owner.id)
    expect(await app.approvals.list(stranger, { runId: run.id })).toEqual([])
    expect(await answerOf(app.approvals.get(stranger, pending.id))).toMatchObject({ status: 404 })
    expect(await answerOf(app.approvals.answer(stranger, pending.id, { decision: 'approve' }))).toMatchObject({ status: 404 })
    expect((await app.approvals.list(principalOf(app.admin), { runId: run.id })).map((a) => a.id)).toEqual([pending.id])
    await app.approvals.answer(principalOf(owner), pending.id, { decision: 'approve' })
    await expect(waiting).resolves.toMatchObject({ approved: true })
  })

  it('reaches a waiter in another broker (another process) through the database alone, either way', async () => {
    // A second broker shares nothing in memory with the first: only the rows and Postgres' NOTIFY.
    const other = otherProcess()
    const waiting = request()
    await other.answer(principalOf(app.admin), await pendingId(), { decision: 'approve' })
    await expect(waiting).resolves.toMatchObject({ approved: true })

    // The waiter is in the other process, the answer here. Its deadline is far off and its
    // safety re-check slow: only the notification can wake it within the test's time.
    const waitingThere = requestIn(other, { timeoutMs: 3_600_000 })
    await app.approvals.answer(principalOf(app.admin), await pendingId(), { decision: 'deny', reason: 'from here' })
    await expect(waitingThere).resolves.toMatchObject({ approved: false, status: 'denied', response: { reason: 'from here' } })
  })

  it("wakes a waiter only once the decision is in the run's log, so a run that ends at once keeps it", async () => {
    // The waiter is in another process; what it finds in the log when it wakes is what a run carried to its end
    // at once would have kept (a finished run's log takes no more events).
    const other = otherProcess()
    const waitingThere = requestIn(other, { timeoutMs: 3_600_000 })
    const id = await pendingId()
    const seenAtWake = waitingThere.then(() => resolvedEventsOf(runId, id))
    await app.approvals.answer(principalOf(app.admin), id, { decision: 'approve' })
    expect(await seenAtWake).toHaveLength(1)
  })
  it('ends its waits when it closes, leaving the requests pending, and asks nothing after', async () => {
    const closing = otherProcess()
    const closingRun = await newRun()
    const waiting = requestIn(closing, { runId: closingRun, timeoutMs: 3_600_000 })
    const approvalId = await newestRequestOf(closingRun)
    closing.close()
    await expect(waiting).rejects.toMatchObject({ name: 'ApprovalBrokerClosedError', approvalId })
    expect(await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })).toMatchObject({ status: 'pending' })
    await expect(requestIn(closing, { runId: closingRun })).rejects.toThrow('The app has closed: no approval can be requested.')
    // Still answerable where the run is taken up again.
    await app.approvals.answer(principalOf(app.admin), approvalId, { decision: 'approve' })
  })

  it("sets the deadline on the database's clock and judges it there, whatever this process's clock says", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // This process's clock is an hour behind the database's: a deadline computed from it would already have passed.
      vi.setSystemTime(Date.now() - 3_600_000)
      const waiting = request({ timeoutMs: 60_000 })
      const id = await pendingId()
      const [{ left }] = await app.db.sql.query<{ left: number }>(
        `SELECT EXTRACT(EPOCH FROM "expiresAt" - (now() AT TIME ZONE 'UTC'))::float8 AS left FROM "ApprovalRequest" WHERE id = $1`,
        [id],
      )
      expect(left).toBeGreaterThan(0)
      expect(left).toBeLessThanOrEqual(60)
      // An hour ahead instead: still not overdue for the database, so still answerable.
      vi.setSystemTime(Date.now() + 7_200_000)
      await app.approvals.expireOverdue()
      await app.approvals.answer(principalOf(app.admin), id, { decision: 'approve' })
      await expect(waiting).resolves.toMatchObject({ approved: true, status: 'approved' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('has one outcome when two processes answer and cancel the same request at once', async () => {
    const first = otherProcess()
    const second = otherProcess()
    const admin = principalOf(app.admin)
    for (let round = 0; round < 5; round++) {
      const run = await newRun()
      const waiting = requestIn(first, { runId: run })
      const id = await newestRequestOf(run)
      const attempts = await Promise.allSettled([
        first.answer(admin, id, { decision: 'approve' }),
        second.answer(admin, id, { decision: 'deny' }),
        first.expirePendingForRun(run, 'cancelled here', 'run_cancelled'),
        second.expirePendingForRun(run, 'cancelled there', 'run_cancelled'),
      ])
      const decision = await waiting
      const stored = await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id } })
      expect(decision.status).toBe(stored.status)
      const answered = attempts.slice(0, 2).filter((attempt) => attempt.status === 'fulfilled')
      expect(answered).toHaveLength(stored.status === 'expired' ? 0 : 1)
      for (const attempt of attempts) if (attempt.status === 'rejected') expect(await answerOf(Promise.reject(attempt.reason))).toMatchObject({ status: 409 })
      expect(await waitFor(async () => nonEmpty(await resolvedEventsOf(run, id)))).toHaveLength(1)
      expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: run } })).status).toBe('running')
    }
    // Nothing more arrives afterwards: each request was published once.
    const runs = await app.db.prisma.run.findMany({ where: { approvals: { some: {} } }, select: { id: true, approvals: { select: { id: true } } } })
    for (const { id: run, approvals } of runs) for (const approval of approvals) expect(await resolvedEventsOf(run, approval.id)).toHaveLength(1)
  })

  it('has one outcome when two processes expire an overdue request while a late answer comes', async () => {
    const first = otherProcess()
    const second = otherProcess()
    const run = await newRun()
    const waiting = requestIn(first, { runId: run, timeoutMs: 1_000 })
    const id = await newestRequestOf(run)
    // Overdue for the database: the waiter's own re-check, both expiries and the answer all race for it.
    await waitFor(async () => {
      const [row] = await app.db.sql.query<{ overdue: boolean }>(
        `SELECT "expiresAt" <= (now() AT TIME ZONE 'UTC') AS overdue FROM "ApprovalRequest" WHERE id = $1`,
        [id],
      )
      return row.overdue || undefined
    })
    const [late] = await Promise.all([
      answerOf(second.answer(principalOf(app.admin), id, { decision: 'approve' })),
      first.expireOverdue(),
      second.expireOverdue(),
    ])
    expect(late).toMatchObject({ status: 409, code: 'approval_expired' })
    await expect(waiting).resolves.toMatchObject({ approved: false, status: 'expired', response: { decision: 'deny' } })
    expect(await waitFor(async () => nonEmpty(await resolvedEventsOf(run, id)))).toHaveLength(1)
  })

  it('calls afterDecision once, in the process that decided, after the run shows running again', async () => {
    const seen: Array<{ broker: string; status: string; runStatus: string | undefined }> = []
    const recording = (broker: string): ApprovalBrokerOptions => ({
      afterDecision: async (approval) => {
        const run = await app.db.prisma.run.findUnique({ where: { id: approval.runId! }, select: { status: true } })
        seen.push({ broker, status: approval.status, runStatus: run?.status })
      },
    })
    const waiter = otherProcess(recording('waiter'))
    const answerer = otherProcess(recording('answerer'))
    const run = await newRun()
    const answered = requestIn(waiter, { runId: run })
    await answerer.answer(principalOf(app.admin), await newestRequestOf(run), { decision: 'approve' })
    await answered
    expect(seen).toEqual([{ broker: 'answerer', status: 'approved', runStatus: 'running' }])

    // An expiry counts as a decision too: the waiter's own, when the signal fires.
    const controller = new AbortController()
    const cancelled = requestIn(waiter, { runId: run, signal: controller.signal })
    await waitFor(async () => (await app.db.prisma.approvalRequest.count({ where: { runId: run, status: 'pending' } })) || undefined)
    controller.abort()
    await expect(cancelled).resolves.toMatchObject({ status: 'expired' })
    expect(seen.slice(1)).toEqual([{ broker: 'waiter', status: 'expired', runStatus: 'running' }])
  })
})

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined)

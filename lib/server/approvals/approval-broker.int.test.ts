import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerOf } from '@/lib/server/testing/http-answer'
import { createTestApp, principalOf } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { RunEventLog } from '../runs/run-event-log'
import { ApprovalBroker } from './approval-broker'

describe('ApprovalBroker', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    const run = await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: 'x', status: 'running' } })
    runId = run.id
  })
  afterAll(async () => app?.close())

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
    expect(decision).toMatchObject({ approved: false, status: 'expired' })
    const [expired] = await app.approvals.list(principalOf(app.admin), { status: 'expired', runId })
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), expired.id, { decision: 'approve' }))).toMatchObject({ status: 409, code: 'approval_expired' })
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
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), id, { decision: 'deny' }))).toMatchObject({ status: 409, code: 'approval_already_decided' })
    expect(await answerOf(app.approvals.answer(principalOf(app.admin), '00000000-0000-4000-8000-000000000000', { decision: 'deny' }))).toMatchObject({ status: 404 })
  })

  it("belongs to the run's owner: only they and admins list, read and answer it; others get 404", async () => {
    const owner = await app.addUser('member')
    const stranger = principalOf(await app.addUser('member'))
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    const run = await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: 'x', status: 'running', ownerId: owner.id } })
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

  it('reaches a waiter in another broker (another process) through the database alone', async () => {
    // A second broker shares nothing in memory with the first: only the rows.
    const otherProcess = new ApprovalBroker(app.db, new RunEventLog(app.db))
    const waiting = request()
    const id = await pendingId()
    await otherProcess.answer(principalOf(app.admin), id, { decision: 'approve' })
    await expect(waiting).resolves.toMatchObject({ approved: true })
  })
})

/**
 * Run leases on a real database: who may take a run, when a lapsed lease is released, when a
 * parked run may go on, and what a renewal tells the worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunStatus } from '@/lib/contracts/runs'
import { createTestApp, principalOf } from '../../testing/test-app'
import { RunService } from '../run-service'
import { claimReadyRuns, claimRun, releaseLapsedLeases, renewLeases } from './run-lease'
import { markRunReady } from './run-queue'

/** Long enough that no run touched by these tests lapses by the clock while they run. */
const LEASE_MS = 10 * 60_000
const LONG_AGO_SECONDS = 3600

interface RunState {
  status: RunStatus
  workerId?: string | null
  /** How long ago the lease was last renewed (database clock). */
  heartbeatSecondsAgo?: number
  parkedRequests?: unknown
}

describe('run leases', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    await app?.close()
  })

  const sql = () => app.db.sql

  async function runIn({ status, workerId = null, heartbeatSecondsAgo, parkedRequests }: RunState): Promise<string> {
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    const run = await app.db.prisma.run.create({
      data: {
        workflowId: version.workflowId,
        versionId: version.id,
        input: 'go',
        ownerId: app.admin.id,
        status,
        workerId,
        parkedRequests: parkedRequests ?? undefined,
      },
    })
    if (heartbeatSecondsAgo !== undefined) {
      await sql().query(`UPDATE "Run" SET "heartbeatAt" = now() - make_interval(secs => $2) WHERE id = $1`, [run.id, heartbeatSecondsAgo])
    }
    return run.id
  }

  const runRow = (id: string) => app.db.prisma.run.findUniqueOrThrow({ where: { id } })

  /** Whether the run is ready for a worker to take. */
  async function isReady(runId: string): Promise<boolean> {
    const [row] = await sql().query<{ ready: boolean }>(`SELECT "readyAt" IS NOT NULL AS ready FROM "Run" WHERE id = $1`, [runId])
    return row.ready
  }

  async function requestApproval(runId: string, requestId: string, kind: 'human_input' | 'tool_call' = 'human_input'): Promise<string> {
    const approval = await app.db.prisma.approvalRequest.create({
      data: { runId, ownerId: app.admin.id, kind, source: requestId, title: 'Asked', payload: {}, requestId, expiresAt: new Date(Date.now() + 3600_000) },
    })
    return approval.id
  }

  /** A run parked on `requestIds`, each with a pending approval; returns the approvals' ids too. */
  async function parkedOn(requests: { id: string; kind?: 'human_input' | 'tool_call' }[]): Promise<{ runId: string; approvalIds: string[] }> {
    const parkedRequests = requests.map(({ id }) => ({ requestId: id, executorId: id, data: { type: 'human_input', prompt: 'Asked' } }))
    const runId = await runIn({ status: 'waiting', parkedRequests })
    const approvalIds: string[] = []
    for (const request of requests) approvalIds.push(await requestApproval(runId, request.id, request.kind))
    return { runId, approvalIds }
  }

  describe('claimRun', () => {
    it('takes a queued run for exactly one of two workers asking at once', async () => {
      for (let round = 0; round < 5; round++) {
        const runId = await runIn({ status: 'queued' })
        const run = await runRow(runId)
        await app.events.append(runId, 'run_queued', { workflowId: run.workflowId!, version: 1 })
        const claims = await Promise.all([claimRun(sql(), runId, 'worker-a'), claimRun(sql(), runId, 'worker-b')])
        const winners = claims.flatMap((claim, i) => (claim ? [{ claim, workerId: i === 0 ? 'worker-a' : 'worker-b' }] : []))
        expect(winners).toHaveLength(1)
        const [{ claim, workerId }] = winners
        expect(claim).toMatchObject({
          id: runId,
          input: 'go',
          attempts: 1,
          lastSequence: 2,
          checkpointId: null,
          checkpointSequence: 2,
          parkedRequests: null,
          started: true,
        })
        // The claim stored `run_started` as the run's resume point: a new take restarts from its input after it.
        const stored = await app.events.listAfter(runId)
        expect(stored.map((event) => event.type)).toEqual(['run_queued', 'run_started'])
        // It gives the worker both as stored, so that readers in its process need not read them back.
        expect({ data: claim.queued?.data, createdAt: claim.queued?.createdAt.toISOString() }).toEqual({ data: stored[0].data, createdAt: stored[0].createdAt })
        expect(claim.startedAt?.toISOString()).toBe(stored[1].createdAt)
        const row = await runRow(runId)
        expect(row).toMatchObject({ status: 'running', workerId })
        expect(row.heartbeatAt).not.toBeNull()
        expect(row.startedAt).not.toBeNull()
        // Asking again changes nothing: the run is held.
        expect(await claimRun(sql(), runId, 'worker-c')).toBeUndefined()
      }
    })

    it('does not take a run a worker holds, nor one that ended', async () => {
      const held = await runIn({ status: 'running', workerId: 'alive', heartbeatSecondsAgo: 0 })
      const heldWaiting = await runIn({ status: 'waiting', workerId: 'alive', heartbeatSecondsAgo: 0 })
      // A worker that died still holds its runs until its lease is released.
      const lapsed = await runIn({ status: 'running', workerId: 'dead', heartbeatSecondsAgo: LONG_AGO_SECONDS })
      const ended = await Promise.all((['succeeded', 'failed', 'cancelled'] as const).map((status) => runIn({ status })))
      for (const runId of [held, heldWaiting, lapsed, ...ended]) expect(await claimRun(sql(), runId, 'other')).toBeUndefined()
      expect((await runRow(held)).workerId).toBe('alive')
      // Ended, so that the next test's release finds only its own lapsed runs.
      await app.db.prisma.run.update({ where: { id: lapsed }, data: { status: 'failed' } })
    })
  })

  describe('claimReadyRuns', () => {
    /** Nothing else in this database is ready while a test here counts what a claim takes. */
    async function noneReady(): Promise<void> {
      await sql().query(`UPDATE "Run" SET "readyAt" = NULL WHERE "readyAt" IS NOT NULL`)
    }

    it('takes the longest-ready runs up to its limit, and marks what it may not take as no longer ready', async () => {
      await noneReady()
      const queued = [await runIn({ status: 'queued' }), await runIn({ status: 'queued' }), await runIn({ status: 'queued' })]
      const held = await runIn({ status: 'running', workerId: 'alive', heartbeatSecondsAgo: 0 })
      const { runId: parked } = await parkedOn([{ id: 'still-open' }])
      const ended = await runIn({ status: 'succeeded' })
      // Ready in this order (a notification that came late, a release racing a claim): the claim takes the oldest first.
      for (const [i, runId] of [held, queued[0], parked, queued[1], ended, queued[2]].entries()) {
        await sql().query(`UPDATE "Run" SET "readyAt" = now() - make_interval(secs => $2) WHERE id = $1`, [runId, 100 - i])
      }

      const first = await claimReadyRuns(sql(), 'me', 2)
      // The held run and queued[0] were looked at: only the queued one was taken, neither stays ready.
      expect(first.runs.map((run) => run.id)).toEqual([queued[0]])
      expect(first.looked).toBe(2)
      for (const runId of [held, queued[0]]) expect(await isReady(runId)).toBe(false)
      expect(await runRow(held)).toMatchObject({ status: 'running', workerId: 'alive' })
      expect(await isReady(parked)).toBe(true)

      const second = await claimReadyRuns(sql(), 'me', 5)
      expect(second.runs.map((run) => run.id)).toEqual([queued[1], queued[2]])
      expect(second.looked).toBe(4)
      expect(second.runs[0]).toMatchObject({ attempts: 1, started: true, checkpointSequence: 1, lastSequence: 1, queued: null })
      expect(await runRow(parked)).toMatchObject({ status: 'waiting', workerId: null, readyAt: null })
      expect(await runRow(ended)).toMatchObject({ status: 'succeeded', readyAt: null })
      expect(await claimReadyRuns(sql(), 'me', 5)).toEqual({ runs: [], looked: 0 })
    })

    it('gives each ready run to exactly one of many workers claiming at once', async () => {
      await noneReady()
      const runIds = await Promise.all(Array.from({ length: 12 }, () => runIn({ status: 'queued' })))
      for (const runId of runIds) await markRunReady(sql(), runId)
      const claims = await Promise.all(['a', 'b', 'c', 'd'].map((workerId) => claimReadyRuns(sql(), `worker-${workerId}`, 4)))
      const taken = claims.flatMap(({ runs }, i) => runs.map((run) => ({ id: run.id, workerId: `worker-${'abcd'[i]}` })))
      // Skipped, not waited for: a worker may find fewer than there are, and the runs it skipped stay ready.
      const leftReady = await claimReadyRuns(sql(), 'worker-e', 12)
      const all = [...taken.map((take) => take.id), ...leftReady.runs.map((run) => run.id)]
      expect(all.sort()).toEqual([...runIds].sort())
      for (const { id, workerId } of taken) expect((await runRow(id)).workerId).toBe(workerId)
    })
  })

  describe('releaseLapsedLeases', () => {
    it('releases and queues only runs whose worker stopped renewing, once', async () => {
      const lapsedRunning = await runIn({ status: 'running', workerId: 'dead', heartbeatSecondsAgo: LONG_AGO_SECONDS })
      // Waiting inside the worker (a tool's approval): held like a running run.
      const lapsedWaiting = await runIn({ status: 'waiting', workerId: 'dead', heartbeatSecondsAgo: LONG_AGO_SECONDS })
      const live = await runIn({ status: 'running', workerId: 'alive', heartbeatSecondsAgo: 0 })
      const queued = await runIn({ status: 'queued' })
      const parked = await runIn({
        status: 'waiting',
        heartbeatSecondsAgo: LONG_AGO_SECONDS,
        parkedRequests: [{ requestId: 'r', executorId: 'ask', data: {} }],
      })
      // Cancelled while a worker held it: over, whatever its lease.
      const cancelled = await runIn({ status: 'cancelled', workerId: 'dead', heartbeatSecondsAgo: LONG_AGO_SECONDS })

      const released = (await releaseLapsedLeases(sql(), LEASE_MS)).runs
      expect(released.sort()).toEqual([lapsedRunning, lapsedWaiting].sort())
      for (const runId of released) {
        expect(await runRow(runId)).toMatchObject({ workerId: null })
        expect(await isReady(runId)).toBe(true)
      }
      expect((await runRow(lapsedRunning)).status).toBe('running')
      expect((await runRow(lapsedWaiting)).status).toBe('waiting')
      expect(await runRow(live)).toMatchObject({ status: 'running', workerId: 'alive' })
      expect(await runRow(cancelled)).toMatchObject({ status: 'cancelled', workerId: 'dead' })
      for (const untouched of [live, queued, parked, cancelled]) expect(await isReady(untouched)).toBe(false)

      expect(await releaseLapsedLeases(sql(), LEASE_MS)).toEqual({ runs: [], experiments: [] })

      // Released, the run is anyone's to resume.
      const resumed = await claimRun(sql(), lapsedRunning, 'heir')
      expect(resumed).toMatchObject({ id: lapsedRunning })
      expect(await runRow(lapsedRunning)).toMatchObject({ workerId: 'heir', status: 'running' })
    })
  })

  describe('parked runs', () => {
    it('are taken only once every request is answered, and queued by the last answer', async () => {
      const { runId, approvalIds } = await parkedOn([{ id: 'first' }, { id: 'second' }])
      expect(await claimRun(sql(), runId, 'w')).toBeUndefined()

      await app.approvals.answer(principalOf(app.admin), approvalIds[0], { decision: 'approve', content: { text: 'one' } })
      expect(await claimRun(sql(), runId, 'w')).toBeUndefined()
      expect(await isReady(runId)).toBe(false)

      await app.approvals.answer(principalOf(app.admin), approvalIds[1], { decision: 'approve', content: { text: 'two' } })
      expect(await isReady(runId)).toBe(true)
      const claim = await claimRun(sql(), runId, 'w')
      expect(claim?.parkedRequests).toEqual([expect.objectContaining({ requestId: 'first' }), expect.objectContaining({ requestId: 'second' })])
      expect(await runRow(runId)).toMatchObject({ status: 'running', workerId: 'w' })
    })

    it('are taken at once when a person declines an input step, even with other requests open', async () => {
      const { runId, approvalIds } = await parkedOn([{ id: 'ask-1' }, { id: 'ask-2' }])
      await app.approvals.answer(principalOf(app.admin), approvalIds[0], { decision: 'deny' })
      expect(await isReady(runId)).toBe(true)
      expect(await claimRun(sql(), runId, 'w')).toMatchObject({ id: runId })
    })

    it('still wait for the other requests when a tool call is declined', async () => {
      const { runId, approvalIds } = await parkedOn([
        { id: 'tool', kind: 'tool_call' },
        { id: 'ask', kind: 'human_input' },
      ])
      await app.approvals.answer(principalOf(app.admin), approvalIds[0], { decision: 'deny' })
      expect(await claimRun(sql(), runId, 'w')).toBeUndefined()
      expect(await isReady(runId)).toBe(false)
    })
  })

  describe('renewLeases', () => {
    it('refreshes the runs this worker holds and reports a cancel', async () => {
      const runId = await runIn({ status: 'queued' })
      await claimRun(sql(), runId, 'me')
      await sql().query(`UPDATE "Run" SET "heartbeatAt" = now() - make_interval(secs => $2) WHERE id = $1`, [runId, LONG_AGO_SECONDS])
      expect(await renewLeases(sql(), [runId], 'me')).toEqual(new Map([[runId, 'running']]))
      // Renewed: no longer lapsed.
      expect((await releaseLapsedLeases(sql(), LEASE_MS)).runs).not.toContain(runId)

      await new RunService(app).cancel(principalOf(app.admin), runId)
      expect(await renewLeases(sql(), [runId], 'me')).toEqual(new Map([[runId, 'cancelled']]))
    })

    it('leaves out a run another worker took over', async () => {
      const mine = await runIn({ status: 'queued' })
      const lost = await runIn({ status: 'running', workerId: 'me', heartbeatSecondsAgo: LONG_AGO_SECONDS })
      await claimRun(sql(), mine, 'me')
      expect((await releaseLapsedLeases(sql(), LEASE_MS)).runs).toEqual([lost])
      expect(await claimRun(sql(), lost, 'other')).toBeDefined()
      expect(await renewLeases(sql(), [mine, lost], 'me')).toEqual(new Map([[mine, 'running']]))
      expect((await runRow(lost)).workerId).toBe('other')
      expect(await renewLeases(sql(), [], 'me')).toEqual(new Map())
    })
  })
})

/**
 * Runs cut off by a worker that died, on a database other workers share: the holder's heartbeat
 * stops, and any worker ends such a run as failed (once), closing its open approvals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_WORKFLOW_ID } from '../seed'
import { createTestApp, principalOf } from '../testing/test-app'
import { RunService } from './run-service'
import { failStaleRuns, RunWorker } from './run-worker'

const CALL = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

describe('stale runs', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runs: RunService

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    runs = new RunService(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  async function runWith(status: 'queued' | 'running' | 'waiting', secondsAgo: { heartbeat?: number; started?: number }): Promise<string> {
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
    await app.db.sql.query(
      `UPDATE "Run" SET status = $2::"RunStatus",
         "heartbeatAt" = CASE WHEN $3::float8 IS NULL THEN NULL ELSE now() - make_interval(secs => $3::float8) END,
         "startedAt" = CASE WHEN $4::float8 IS NULL THEN NULL ELSE now() - make_interval(secs => $4::float8) END
       WHERE id = $1`,
      [run.id, status, secondsAgo.heartbeat ?? null, secondsAgo.started ?? null],
    )
    return run.id
  }

  it('fails runs whose heartbeat stopped, once, and leaves live and queued runs alone', async () => {
    const stale = await runWith('waiting', { heartbeat: 120, started: 300 })
    const legacy = await runWith('running', { started: 120 }) // claimed before heartbeats existed
    const live = await runWith('running', { heartbeat: 1, started: 300 })
    const queued = await runWith('queued', {})
    const approval = app.approvals.request({ runId: stale, kind: 'human_input', source: 'ask', title: 'Approve?', payload: {}, timeoutMs: 60_000 })

    await expect.poll(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: stale })).length).toBe(1)
    const failed = await failStaleRuns(app, 60_000)
    expect(failed.sort()).toEqual([stale, legacy].sort())
    expect(await failStaleRuns(app, 60_000)).toEqual([])

    for (const id of [stale, legacy]) {
      const { run } = await runs.get(principalOf(app.admin), id)
      expect(run).toMatchObject({ status: 'failed', error: 'The server stopped while this run was in progress.' })
      const events = await app.events.listAfter(id)
      expect(events.filter((e) => e.type === 'run_failed')).toHaveLength(1)
    }
    expect((await approval).approved).toBe(false)
    expect((await runs.get(principalOf(app.admin), live)).run.status).toBe('running')
    expect((await runs.get(principalOf(app.admin), queued)).run.status).toBe('queued')
  })

  it('keeps the heartbeat of a run its worker holds, also while it waits for a person', async () => {
    const worker = new RunWorker(app, { concurrency: 1 })
    worker.start()
    try {
      const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
      worker.nudge()
      await expect.poll(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: run.id })).length, { timeout: 20_000 }).toBe(1)
      const heartbeat = async () =>
        (await app.db.sql.query<{ at: string }>(`SELECT "heartbeatAt"::text AS at FROM "Run" WHERE id = $1`, [run.id]))[0]!.at
      const first = await heartbeat()
      await expect.poll(heartbeat, { timeout: 5_000 }).not.toBe(first)
      expect(await failStaleRuns(app, 60_000)).not.toContain(run.id)
      expect((await runs.get(principalOf(app.admin), run.id)).run.status).toBe('waiting')
      await runs.cancel(principalOf(app.admin), run.id)
    } finally {
      await worker.stop()
    }
  })
})

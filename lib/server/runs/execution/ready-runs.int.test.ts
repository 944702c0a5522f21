/**
 * How a RunWorker finds the runs ready for it (runs/queue/run-queue.ts): on the database's notification, claiming a
 * batch into its free slots; from its backlog as runs end, when it had no slot for every run announced; and on its
 * poll, for a run whose notification never reached it. Real Postgres, a real worker, runs of a two-node workflow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { createTestApp, principalOf, type TestApp } from '../../testing/test-app'
import { waitForRunEnd } from '../../testing/wait-for'
import { WorkflowService } from '../../workflows/workflow-service'
import { RunService } from '../run-service'
import { RunWorker } from './run-worker'

/** Far beyond the test: the worker finds runs only through notifications and its backlog. */
const NEVER_MS = 3_600_000

describe('a worker takes the runs ready for it', () => {
  let app: TestApp
  let runs: RunService
  let workflowId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    runs = new RunService(app)
    const document = graph().start().node('echo', 'transform', { expression: 'input' }).output().chain('start', 'echo', 'output').build()
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Echo', graph: document })).workflow.id
  })
  afterAll(async () => {
    await app?.close()
  })

  const ended = (runId: string) => waitForRunEnd({ get: (id) => runs.get(principalOf(app.admin), id) }, app.events, runId)

  it('runs more queued runs than it has slots, each once, without polling: the ones it had no slot for wait as its backlog', async () => {
    const worker = new RunWorker(app, { concurrency: 2, pollIntervalMs: NEVER_MS })
    await worker.start()
    try {
      const created = await Promise.all(Array.from({ length: 9 }, (_, i) => runs.create(principalOf(app.admin), { workflowId, input: `run ${i}` })))
      for (const run of created) expect((await ended(run.id)).status).toBe('succeeded')
      const rows = await app.db.prisma.run.findMany({ where: { id: { in: created.map((run) => run.id) } } })
      expect(rows.map((row) => [row.attempts, row.readyAt, row.workerId === worker.workerId || row.workerId === null])).toEqual(rows.map(() => [1, null, true]))
    } finally {
      await worker.stop()
    }
  })

  it('leaves a run cancelled while queued no longer ready, and does not take it', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId, input: 'never mind' })
    await runs.cancel(principalOf(app.admin), run.id)
    expect(await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled', readyAt: null, attempts: 0 })
  })

  it('takes, as it starts, the runs that became ready before it listened', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId, input: 'no worker yet' })
    const worker = new RunWorker(app, { concurrency: 1, pollIntervalMs: NEVER_MS })
    await worker.start()
    try {
      expect((await ended(run.id)).status).toBe('succeeded')
    } finally {
      await worker.stop()
    }
  })

  it('finds on its poll a run marked ready with no notification (sent while its listening connection was down)', async () => {
    const worker = new RunWorker(app, { concurrency: 1, pollIntervalMs: 100 })
    await worker.start()
    try {
      const [{ id: versionId }] = await app.db.sql.query<{ id: string }>(`SELECT id FROM "WorkflowVersion" WHERE "workflowId" = $1`, [workflowId])
      const [quiet] = await app.db.sql.query<{ id: string }>(
        `INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", "workspaceId", status, "readyAt", "updatedAt")
         SELECT gen_random_uuid(), w.id, $2, '"quiet"'::jsonb, w."ownerId", w."workspaceId", 'queued', now(), now() FROM "Workflow" w WHERE w.id = $1
         RETURNING id`,
        [workflowId, versionId],
      )
      await app.events.append(quiet.id, 'run_queued', { workflowId, version: 1 })
      expect((await ended(quiet.id)).status).toBe('succeeded')
    } finally {
      await worker.stop()
    }
  })
})

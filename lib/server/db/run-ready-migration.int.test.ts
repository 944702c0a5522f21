/**
 * The run-ready migration (issue #29) on a populated database: runs used to wait for a worker as graphile-worker jobs
 * (task `run`); now they wait in the Run table (`readyAt`, runs/queue/run-queue.ts). A database at the migration before
 * it, with graphile's schema and run jobs waiting, is migrated; then every run a worker may take is ready for a claim
 * (queued, released, parked with its answers in) and no other is, the runs' jobs are gone, and the other jobs are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateQueue } from '../runs/queue/queue-setup'
import { claimReadyRuns } from '../runs/queue/run-lease'
import { createTestDatabase } from '../testing/test-database'
import type { Database } from './database'
import { applyMigrations } from './migrate'
import { migrateToJustBefore } from './testing/migrate-to-just-before'

const RUN_READY_MIGRATION = /^\d+_run_ready$/

describe('the run-ready migration leaves no run behind', () => {
  let db: Database
  let pending: string[]
  let applied: string[]

  beforeAll(async () => {
    db = await createTestDatabase('empty')
    pending = await migrateToJustBefore(db.sql, RUN_READY_MIGRATION)
    const pool = db.openPool(2)
    await migrateQueue(pool)

    const q = (text: string, params: unknown[] = []) => db.sql.query(text, params)
    await q(`INSERT INTO "User" (id, name, email, role, "updatedAt") VALUES ('user-1', 'Ada', 'ada@example.test', 'admin', now())`)
    await q(`INSERT INTO "Workflow" (id, name, "ownerId", "updatedAt") VALUES ('wf-1', 'Flow', 'user-1', now())`)
    await q(`INSERT INTO "WorkflowVersion" (id, "workflowId", version, graph) VALUES ('v-1', 'wf-1', 1, '{}'::jsonb)`)
    const runs: [string, string, string | null, unknown][] = [
      ['queued', 'queued', null, null],
      // Released by its worker (shutting down) with its job queued again.
      ['released', 'running', null, null],
      ['held', 'running', 'live-worker', null],
      ['parked', 'waiting', null, [{ requestId: 'r', executorId: 'ask', data: {} }]],
      ['answered', 'waiting', null, [{ requestId: 'r', executorId: 'ask', data: {} }]],
      ['over', 'succeeded', null, null],
    ]
    for (const [id, status, workerId, parkedRequests] of runs) {
      await q(
        `INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", status, "workerId", "parkedRequests", "updatedAt")
         VALUES ($1, 'wf-1', 'v-1', '"go"'::jsonb, 'user-1', $2::"RunStatus", $3, $4::jsonb, now())`,
        [id, status, workerId, parkedRequests === null ? null : JSON.stringify(parkedRequests)],
      )
    }
    for (const [id, runId, status] of [
      ['ap-1', 'parked', 'pending'],
      ['ap-2', 'answered', 'approved'],
    ]) {
      await q(
        `INSERT INTO "ApprovalRequest" (id, "runId", "ownerId", kind, source, title, payload, "requestId", status, "expiresAt")
         VALUES ($1, $2, 'user-1', 'human_input', 'r', 'Asked', '{}'::jsonb, 'r', $3::"ApprovalStatus", now() + interval '1 hour')`,
        [id, runId, status],
      )
    }
    for (const id of ['queued', 'released', 'answered']) {
      await q(`SELECT graphile_worker.add_job('run', json_build_object('runId', $1::text), job_key => 'run:' || $1::text)`, [id])
    }
    await q(
      `SELECT graphile_worker.add_job('expire-approvals', json_build_object('runId', 'parked'), job_key => 'expire:parked', run_at => now() + interval '1 hour')`,
    )

    applied = await applyMigrations(db.sql)
  })

  afterAll(async () => db?.close())

  it('applies the run-ready migration and those after it', () => {
    expect(applied).toEqual(pending)
  })

  it('marks the runs a worker may take ready, and no other; removes the runs’ jobs and keeps the others', async () => {
    const ready = await db.sql.query<{ id: string }>(`SELECT id FROM "Run" WHERE "readyAt" IS NOT NULL ORDER BY id`)
    expect(ready.map((row) => row.id)).toEqual(['answered', 'queued', 'released'])
    const jobs = await db.sql.query<{ task_identifier: string }>(`SELECT task_identifier FROM graphile_worker.jobs`)
    expect(jobs).toEqual([{ task_identifier: 'expire-approvals' }])
  })

  it('lets a worker claim them', async () => {
    const claim = await claimReadyRuns(db.sql, 'new-worker', 10)
    expect(claim.runs.map((run) => run.id).sort()).toEqual(['answered', 'queued', 'released'])
    expect(claim.looked).toBe(3)
    const rows = await db.sql.query<{ id: string; workerId: string | null; ready: boolean }>(
      `SELECT id, "workerId", "readyAt" IS NOT NULL AS ready FROM "Run" ORDER BY id`,
    )
    expect(rows).toEqual([
      { id: 'answered', workerId: 'new-worker', ready: false },
      { id: 'held', workerId: 'live-worker', ready: false },
      { id: 'over', workerId: null, ready: false },
      { id: 'parked', workerId: null, ready: false },
      { id: 'queued', workerId: 'new-worker', ready: false },
      { id: 'released', workerId: 'new-worker', ready: false },
    ])
  })
})

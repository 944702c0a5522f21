/**
 * An experiment's steps run one at a time under its step lock, and a worker's death mid-step stalls it for no longer
 * than a lease (experiment-step-queue.ts): on a real database and real run workers, with the safety step set beyond
 * the test so that only the jobs under test move the experiment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evaluatorSpecSchema } from '@/lib/contracts/evaluators'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { releaseLapsedLeases } from '../runs/queue/run-lease'
import { RunWorker } from '../runs/execution/run-worker'
import { servicesFor, type Services } from '../services'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { QUEUE_EXPERIMENT_STEP_SQL, stepWhenFree } from './experiment-jobs'
import { EXPERIMENT_STEP_TASK, LOCK_EXPERIMENT_STEP_SQL, UNLOCK_EXPERIMENT_STEP_SQL } from '../runs/queue/experiment-step-queue'

const BEYOND_THE_TEST_MS = 3_600_000
/** The lease of the sweep under test: long enough that no live job of these tests lapses by the clock. */
const LEASE_MS = 10 * 60_000
const LONG_AGO_SECONDS = 3600

describe('experiment step lock', () => {
  let app: TestApp
  let services: Services
  let as: Principal
  let workflowId: string
  const workers: RunWorker[] = []

  beforeAll(async () => {
    app = await createTestApp()
    services = servicesFor(app)
    as = principalOf(await app.addUser('member'))
    const { workflow } = await services.workflows.create(as, {
      name: 'Answerer',
      graph: graph().start().agent('agent').output().chain('start', 'agent', 'output').build(),
    })
    workflowId = workflow.id
  })
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()))
  })
  afterAll(async () => {
    await app?.close()
  })

  async function startWorker(): Promise<void> {
    const worker = new RunWorker(app, { concurrency: 4, experimentSafetyStepMs: BEYOND_THE_TEST_MS })
    workers.push(worker)
    await worker.start()
  }

  async function createExperiment(size: number): Promise<string> {
    const rows = Array.from({ length: size }, (_, i) => ({ input: `question ${i + 1}`, expected: `Demo reply: question ${i + 1}` }))
    const { dataset } = await services.datasets.create(as, { name: `Rows ${size}`, rows })
    const created = await services.experiments.create(as, {
      datasetId: dataset.id,
      target: { workflowId },
      evaluators: [evaluatorSpecSchema.parse({ kind: 'contains' })],
      trials: 1,
      concurrency: 2,
    })
    return created.experiment.id
  }

  async function finished(experimentId: string) {
    return waitFor(async () => {
      const { experiment } = await services.experiments.get(as, experimentId)
      return experiment.status === 'running' ? undefined : experiment
    })
  }

  /** How many sessions wait for the experiment's step lock (pg_locks: its two keys, not granted). */
  async function waitingForStepLock(experimentId: string): Promise<number> {
    const [row] = await app.db.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND NOT granted
         AND classid = hashtext($2)::oid AND objid = hashtext($1)::oid`,
      [experimentId, EXPERIMENT_STEP_TASK],
    )
    return row?.count ?? 0
  }

  const rowStatuses = async (experimentId: string) =>
    (await app.db.prisma.experimentRow.findMany({ where: { experimentId }, select: { status: true } })).map((row) => row.status)

  it('begins a second step of an experiment only once the first has ended, leaves a third to the second, and holds up no other experiment', async () => {
    const pool = app.db.openPool(4)
    const [first, second, third, other] = await Promise.all([pool.connect(), pool.connect(), pool.connect(), pool.connect()])
    const said: string[] = []
    let endFirst = () => {}
    const firstStep = stepWhenFree(first, 'exp-a', async () => {
      said.push('first begins')
      await new Promise<void>((resolve) => (endFirst = resolve))
      said.push('first ends')
    })
    await waitFor(async () => (said.length > 0 ? true : undefined))
    const secondStep = stepWhenFree(second, 'exp-a', async () => void said.push('second begins'))
    await waitFor(async () => ((await waitingForStepLock('exp-a')) === 1 ? true : undefined))
    // A third wake-up during the first step: the second, waiting, will read what it was about.
    expect(await stepWhenFree(third, 'exp-a', async () => void said.push('third begins'))).toBeUndefined()
    await stepWhenFree(other, 'exp-b', async () => void said.push('another experiment steps'))
    expect(said).toEqual(['first begins', 'another experiment steps'])
    endFirst()
    await Promise.all([firstStep, secondStep])
    expect(said).toEqual(['first begins', 'another experiment steps', 'first ends', 'second begins'])
    for (const client of [first, second, third, other]) client.release()
  })

  it("makes a worker's step wait while a step of the experiment holds the lock, and a wake-up meanwhile leave it to that one", async () => {
    const experimentId = await createExperiment(3)
    const pool = app.db.openPool(1)
    const held = await pool.connect()
    await held.query(LOCK_EXPERIMENT_STEP_SQL, [experimentId])
    await startWorker()
    await waitFor(async () => ((await waitingForStepLock(experimentId)) === 1 ? true : undefined))
    // A wake-up while the first step's job is locked: a second job, which finds the first waiting and leaves the step
    // to it, queuing only the safety step (an hour on here).
    await app.db.sql.query(QUEUE_EXPERIMENT_STEP_SQL, [experimentId])
    await waitFor(async () => {
      const [safety] = await app.db.sql.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1 AND run_at > now() + interval '30 minutes'`, [
        `experiment:${experimentId}`,
      ])
      return safety
    })
    expect(await waitingForStepLock(experimentId)).toBe(1)
    expect(await rowStatuses(experimentId)).toEqual(['pending', 'pending', 'pending'])
    await held.query(UNLOCK_EXPERIMENT_STEP_SQL, [experimentId])
    held.release()
    expect(await finished(experimentId)).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 3 } })
  })

  it('queues again, after a lease, the step of a worker that died mid-step, and a worker then finishes the experiment', async () => {
    const experimentId = await createExperiment(3)
    // A worker took the step's job and its step lock, long ago (by the job's clock), and is still at it: nothing to queue.
    await app.db.sql.query(`UPDATE graphile_worker._private_jobs SET locked_by = 'dead-worker', locked_at = now() - make_interval(secs => $2) WHERE key = $1`, [
      `experiment:${experimentId}`,
      LONG_AGO_SECONDS,
    ])
    const pool = app.db.openPool(1)
    const stepConnection = await pool.connect()
    await stepConnection.query(LOCK_EXPERIMENT_STEP_SQL, [experimentId])
    expect((await releaseLapsedLeases(app.db.sql, LEASE_MS)).experiments).not.toContain(experimentId)

    // The worker dies mid-step: its connection goes, and Postgres drops the lock with it (the job stays locked).
    const [{ pid }] = (await stepConnection.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }]
    const [ended] = await app.db.sql.query<{ ended: boolean }>('SELECT pg_terminate_backend($1, 10000) AS ended', [pid])
    expect(ended).toEqual({ ended: true })
    stepConnection.release(true)

    expect((await releaseLapsedLeases(app.db.sql, LEASE_MS)).experiments).toEqual([experimentId])
    // Queued once: the new job is the key's, the dead one no longer.
    expect(await releaseLapsedLeases(app.db.sql, LEASE_MS)).toEqual({ runs: [], experiments: [] })
    expect(await rowStatuses(experimentId)).toEqual(['pending', 'pending', 'pending'])

    await startWorker()
    expect(await finished(experimentId)).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 3 } })
  })
})

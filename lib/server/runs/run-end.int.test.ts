/**
 * A run's end is stored whatever its failure message quotes: a NUL a tool or server sent cannot be held by the
 * `Run.error` text column, and storing it raw failed the end itself (the worker's retry then recorded the
 * database's error instead of the cause). An experiment row's run, ending or cancelled, queues its experiment's step
 * to run at once in the statement that ends it; another run queues none. No worker runs here, so the queued jobs stay
 * to be read.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPERIMENT_STEP_TASK, experimentStepKey } from './queue/experiment-step-queue'
import { EXAMPLE_WORKFLOW_ID } from '../seed'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { endRun } from './execution/run-executor'
import { RunService } from './run-service'

describe('endRun', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => app?.close())

  it('stores a failure message holding NUL, with the NUL replaced, in the run and its final event', async () => {
    const run = await new RunService(app).create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
    await app.db.prisma.run.update({ where: { id: run.id }, data: { status: 'running' } })
    await endRun(app, run.id, undefined, { status: 'failed', outputs: [], error: 'The tool said: bad\u0000byte' })
    const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })
    expect(stored).toMatchObject({ status: 'failed', error: 'The tool said: bad\uFFFDbyte' })
    const events = await app.events.listAfter(run.id)
    expect(events.at(-1)).toMatchObject({ type: 'run_failed', data: { error: 'The tool said: bad\uFFFDbyte' } })
  })

  /** The experiment's queued steps: when each is to run, and in which graphile queue (none: the step lock orders them). */
  const experimentSteps = (experimentId: string) =>
    app.db.sql.query<{ runAt: Date; queueName: string | null; task: string }>(
      `SELECT run_at AS "runAt", queue_name AS "queueName", task_identifier AS task FROM graphile_worker.jobs WHERE key = $1`,
      [experimentStepKey(experimentId)],
    )

  it("queues an experiment row's run's experiment step to run when the run ends, bringing a later safety step forward", async () => {
    const experimentId = randomUUID()
    const runs = new RunService(app)
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' }, { experimentId })
    await app.db.prisma.run.update({ where: { id: run.id }, data: { status: 'running' } })
    // The safety step a step queues an hour on (experiment-jobs.ts), under the same key.
    await app.db.sql.query(
      `SELECT graphile_worker.add_job('${EXPERIMENT_STEP_TASK}', json_build_object('experimentId', $1::text), job_key => $2, run_at => now() + interval '1 hour')`,
      [experimentId, experimentStepKey(experimentId)],
    )
    await endRun(app, run.id, undefined, { status: 'succeeded', outputs: ['done'] })
    const { finishedAt } = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })
    const steps = await experimentSteps(experimentId)
    expect(steps).toHaveLength(1)
    expect(steps[0]).toMatchObject({ task: 'experiment-step', queueName: null })
    expect(steps[0]!.runAt.getTime()).toBeLessThanOrEqual(finishedAt!.getTime())
  })

  it("queues the step when an experiment row's run is cancelled, and none for a run that is no experiment's", async () => {
    const experimentId = randomUUID()
    const runs = new RunService(app)
    const rowRun = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' }, { experimentId })
    await runs.cancel(principalOf(app.admin), rowRun.id)
    const { finishedAt } = await app.db.prisma.run.findUniqueOrThrow({ where: { id: rowRun.id } })
    const steps = await experimentSteps(experimentId)
    expect(steps).toHaveLength(1)
    expect(steps[0]!.runAt.getTime()).toBeLessThanOrEqual(finishedAt!.getTime())

    const before = await app.db.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier = 'experiment-step'`,
    )
    const plain = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
    await app.db.prisma.run.update({ where: { id: plain.id }, data: { status: 'running' } })
    await endRun(app, plain.id, undefined, { status: 'failed', outputs: [], error: 'No.' })
    const cancelled = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
    await runs.cancel(principalOf(app.admin), cancelled.id)
    const after = await app.db.sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier = 'experiment-step'`)
    expect(after[0]!.count).toBe(before[0]!.count)
  })
})

/**
 * Schedules firing on a fake clock (issue #32): the firing is given the time by the test, so nothing waits. A fire
 * time starts one run with its trigger; fire times missed while the server was down (a new firing, as after a
 * restart, with the clock moved past several) are skipped or caught up with once, as the schedule says; two
 * processes firing the same schedule at once start one run; and a real run worker fires a due schedule by its job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { RunWorker } from '../runs/execution/run-worker'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'
import { ScheduleFiring } from './schedule-firing'
import { ScheduleService } from './schedule-service'

const cityGraph = graph()
  .start('start', { inputFields: [{ name: 'city', type: 'string' }] })
  .node('about', 'transform', { expression: '"Weather in " + input.city' })
  .output()
  .chain('start', 'about', 'output')
  .build()

/** A clock the test moves. */
function fakeClock(start: string) {
  let now = new Date(start)
  return { now: () => now, set: (time: string) => (now = new Date(time)) }
}

describe('schedule firing', () => {
  let app: TestApp
  let workflowId: string
  let workflowWorkspaceId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Weather', graph: cityGraph })).workflow.id
    workflowWorkspaceId = (await app.db.prisma.workflow.findUniqueOrThrow({ where: { id: workflowId } })).workspaceId!
  })
  afterAll(async () => app?.close())

  const runsOf = (scheduleId: string) =>
    app.db.prisma.run.findMany({ where: { triggerId: scheduleId }, orderBy: { createdAt: 'asc' }, select: { id: true, trigger: true, input: true } })

  const schedule = async (clock: ReturnType<typeof fakeClock>, missedRuns: 'skip' | 'run_once') =>
    new ScheduleService(app, clock.now).create(principalOf(app.admin), workflowId, {
      name: missedRuns,
      cron: '0 * * * *',
      timeZone: 'Europe/Paris',
      input: '{"city":"Lyon"}',
      enabled: true,
      missedRuns,
    })

  it('shows the next fire times, and starts one run at a fire time, recording its trigger', async () => {
    const clock = fakeClock('2026-03-01T10:20:00Z')
    const created = await schedule(clock, 'skip')
    expect(created.nextFireTimes.slice(0, 3)).toEqual(['2026-03-01T11:00:00.000Z', '2026-03-01T12:00:00.000Z', '2026-03-01T13:00:00.000Z'])
    expect(created.description).toBe('Every hour')
    const firing = new ScheduleFiring(app, clock.now)

    expect(await firing.fire(created.id)).toEqual({ kind: 'not_due' })
    clock.set('2026-03-01T11:00:00.500Z')
    const fired = await firing.fire(created.id)
    expect(fired).toMatchObject({ kind: 'started', fireAt: new Date('2026-03-01T11:00:00Z') })
    // Fired again within the same turn (a retried job): nothing more.
    expect(await firing.fire(created.id)).toEqual({ kind: 'not_due' })
    const runs = await runsOf(created.id)
    expect(runs).toHaveLength(1)
    expect(runs[0].trigger).toEqual({ kind: 'schedule', scheduleId: created.id, fireAt: '2026-03-01T11:00:00.000Z' })
    expect(runs[0].input).toBe('{"city":"Lyon"}')
    // Made by an admin, the run still keeps to the workflow's workspace: none of the admin's reach elsewhere comes with it.
    const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runs[0].id }, select: { workspaceId: true, workspaceScoped: true } })
    expect(stored).toEqual({ workspaceId: workflowWorkspaceId, workspaceScoped: true })
  })

  it('across a restart, skips the fire times missed while down (skip)', async () => {
    const clock = fakeClock('2026-03-02T10:20:00Z')
    const created = await schedule(clock, 'skip')
    // The server stops; it comes back at 14:30, three fire times later, with a new firing (a new process).
    clock.set('2026-03-02T14:30:00Z')
    const outcomes = await new ScheduleFiring(app, clock.now).fireDue()
    expect(outcomes.get(created.id)).toEqual({ kind: 'skipped' })
    expect(await runsOf(created.id)).toHaveLength(0)
    const next = await app.db.prisma.workflowSchedule.findUniqueOrThrow({ where: { id: created.id } })
    expect(next.nextFireAt?.toISOString()).toBe('2026-03-02T15:00:00.000Z')
  })

  it('across a restart, catches up with one run for the latest missed fire time (run_once)', async () => {
    const clock = fakeClock('2026-03-03T10:20:00Z')
    const created = await schedule(clock, 'run_once')
    clock.set('2026-03-03T14:30:00Z')
    const outcome = await new ScheduleFiring(app, clock.now).fire(created.id)
    expect(outcome).toMatchObject({ kind: 'started', fireAt: new Date('2026-03-03T14:00:00Z') })
    expect(await runsOf(created.id)).toHaveLength(1)
    // And on from there as usual.
    clock.set('2026-03-03T15:00:01Z')
    expect(await new ScheduleFiring(app, clock.now).fire(created.id)).toMatchObject({ kind: 'started', fireAt: new Date('2026-03-03T15:00:00Z') })
    expect(await runsOf(created.id)).toHaveLength(2)
  })

  it('applies missedRuns to fire times missed while paused, once resumed', async () => {
    const clock = fakeClock('2026-03-04T10:20:00Z')
    const service = new ScheduleService(app, clock.now)
    const created = await schedule(clock, 'run_once')
    await service.update(principalOf(app.admin), workflowId, created.id, { enabled: false })
    clock.set('2026-03-04T13:10:00Z')
    expect(await new ScheduleFiring(app, clock.now).fire(created.id)).toEqual({ kind: 'not_due' })
    const resumed = await service.update(principalOf(app.admin), workflowId, created.id, { enabled: true })
    expect(resumed.nextFireTimes[0]).toBe('2026-03-04T14:00:00.000Z')
    expect(await new ScheduleFiring(app, clock.now).fire(created.id)).toMatchObject({ kind: 'started', fireAt: new Date('2026-03-04T13:00:00Z') })
  })

  it('starts one run per fire time when two processes fire the same schedule at once', async () => {
    const clock = fakeClock('2026-03-05T10:20:00Z')
    const created = await schedule(clock, 'skip')
    clock.set('2026-03-05T11:00:00Z')
    const outcomes = await Promise.all([new ScheduleFiring(app, clock.now).fire(created.id), new ScheduleFiring(app, clock.now).fire(created.id)])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['started', 'taken'])
    expect(await runsOf(created.id)).toHaveLength(1)
  })

  it('records why a fire started no run (the input no longer fits), without throwing', async () => {
    const clock = fakeClock('2026-03-06T10:20:00Z')
    const created = await schedule(clock, 'skip')
    await app.db.prisma.workflowSchedule.update({ where: { id: created.id }, data: { input: '{"town":"Lyon"}' } })
    clock.set('2026-03-06T11:00:00Z')
    expect(await new ScheduleFiring(app, clock.now).fire(created.id)).toMatchObject({ kind: 'failed' })
    const view = await new ScheduleService(app, clock.now).get(principalOf(app.admin), workflowId, created.id)
    expect(view.lastError).toContain('"city" is required')
  })

  it('is fired by its job in a real run worker, exactly once with two workers, and the run ends', async () => {
    const created = await new ScheduleService(app).create(principalOf(app.admin), workflowId, {
      name: 'every second',
      cron: '* * * * * *',
      timeZone: 'UTC',
      input: '{"city":"Nice"}',
      enabled: true,
      missedRuns: 'skip',
    })
    const workers = [new RunWorker(app, { concurrency: 2, pollIntervalMs: 100 }), new RunWorker(app, { concurrency: 2, pollIntervalMs: 100 })]
    await Promise.all(workers.map((worker) => worker.start()))
    try {
      const [run] = await waitFor(async () => {
        const runs = await app.db.prisma.run.findMany({ where: { triggerId: created.id, status: 'succeeded' }, select: { id: true, outputs: true } })
        return runs.length > 0 ? runs : undefined
      })
      expect(run.outputs).toEqual(['Weather in Nice'])
    } finally {
      await new ScheduleService(app).update(principalOf(app.admin), workflowId, created.id, { enabled: false })
      await Promise.all(workers.map((worker) => worker.stop()))
    }
    const runs = await app.db.prisma.run.findMany({ where: { triggerId: created.id }, select: { trigger: true } })
    const fireTimes = runs.map((run) => (run.trigger as { fireAt: string }).fireAt)
    expect(new Set(fireTimes).size).toBe(fireTimes.length)
  })
})

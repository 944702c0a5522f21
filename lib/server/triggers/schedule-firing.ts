/**
 * Firing schedules (issue #32): at a schedule's fire time its job (schedule-queue.ts) calls `fire`, which starts one
 * run of the workflow's latest version with the schedule's input, as the schedule's maker held to the workflow's
 * workspace with no more than a runner's rights there (as a webhook's run), recording
 * `{ kind: 'schedule', scheduleId, fireAt }` on the run.
 *
 * The clock is injected (`now`): tests move it by hand. A fire later than ON_TIME_MS after its time was missed (the
 * server was down, the schedule paused): `skip` moves on to the next fire time after now, `run_once` starts one run
 * for the latest missed fire time and then moves on. Whoever advances the row's next fire time (compare-and-set) fires
 * it; anyone else who took the same turn finds it advanced and does nothing. A process that dies between the two loses
 * that one fire (at most once); the run's unique trigger key stops a second run of a fire time in any case.
 */
import type { Task, TaskList } from 'graphile-worker'
import { z } from 'zod'
import { latestFireTimeBetween, nextFireTime } from '@/lib/contracts/cron-schedule'
import type { AppContext } from '../app-context'
import { workspaceRunner } from '../auth/principal'
import { isDomainError } from '../domain-errors'
import { isUniqueViolation } from '../runs/events/run-event-log'
import { RunService } from '../runs/run-service'
import { queueScheduleFire, SCHEDULE_FIRE_TASK } from './schedule-queue'
import { triggerPrincipal } from './trigger-workflow'

/** A fire this late is still on time (a busy queue, a poll interval); later, it was missed. */
export const ON_TIME_MS = 60_000

export type Clock = () => Date

/** What a fire did: started a run, skipped missed fire times, found nothing due, or lost the turn to another process. */
export type FireOutcome =
  | { kind: 'started'; runId: string; fireAt: Date }
  | { kind: 'skipped' }
  | { kind: 'failed'; fireAt: Date; error: string }
  | { kind: 'not_due' }
  | { kind: 'taken' }

export class ScheduleFiring {
  private readonly runs: RunService

  constructor(
    private readonly app: AppContext,
    private readonly now: Clock = () => new Date(),
  ) {
    this.runs = new RunService(app)
  }

  /** Fires the schedule if it is due. */
  async fire(scheduleId: string): Promise<FireOutcome> {
    const now = this.now()
    const row = await this.app.db.prisma.workflowSchedule.findUnique({
      where: { id: scheduleId },
      include: { workflow: { select: { deletedAt: true, workspaceId: true } } },
    })
    if (!row || !row.enabled || !row.nextFireAt || row.workflow.deletedAt) return { kind: 'not_due' }
    if (row.nextFireAt.getTime() > now.getTime()) {
      // Woken early (the queue's clock is the database's): wait for the time again.
      await queueScheduleFire(this.app.db.sql, row.id, row.nextFireAt)
      return { kind: 'not_due' }
    }
    const missed = now.getTime() - row.nextFireAt.getTime() > ON_TIME_MS
    const fireAt = !missed
      ? row.nextFireAt
      : row.missedRuns === 'run_once'
        ? latestFireTimeBetween(row.cron, row.timeZone, new Date(row.nextFireAt.getTime() - 1), now)
        : null
    const next = nextFireTime(row.cron, row.timeZone, now)
    const claimed = await this.app.db.prisma.workflowSchedule.updateMany({
      where: { id: row.id, enabled: true, nextFireAt: row.nextFireAt },
      data: { nextFireAt: next, ...(fireAt ? { lastFiredAt: fireAt } : {}) },
    })
    if (claimed.count === 0) return { kind: 'taken' }
    if (next) await queueScheduleFire(this.app.db.sql, row.id, next)
    if (!fireAt) return { kind: 'skipped' }
    try {
      const maker = await triggerPrincipal(this.app, row.ownerId)
      if (!maker) throw new Error('The person who made the schedule no longer exists.')
      // A run nobody starts by hand keeps to the workflow's workspace, as a webhook's does, even when its maker is an admin.
      const principal = row.workflow.workspaceId === null ? maker : workspaceRunner(maker, row.workflow.workspaceId)
      const run = await this.runs.create(
        principal,
        { workflowId: row.workflowId, input: row.input },
        {
          trigger: {
            value: { kind: 'schedule', scheduleId: row.id, fireAt: fireAt.toISOString() },
            id: row.id,
            key: `schedule:${row.id}:${fireAt.toISOString()}`,
          },
        },
      )
      await this.app.db.prisma.workflowSchedule.update({ where: { id: row.id }, data: { lastError: null } })
      return { kind: 'started', runId: run.id, fireAt }
    } catch (error) {
      if (isUniqueViolation(error)) return { kind: 'taken' }
      // The workflow no longer takes the input, its maker lost the role…: said on the schedule, not thrown (a retry would fail alike).
      const message = isDomainError(error) || error instanceof Error ? error.message : String(error)
      await this.app.db.prisma.workflowSchedule.updateMany({ where: { id: row.id }, data: { lastError: message.slice(0, 1000) } })
      return { kind: 'failed', fireAt, error: message }
    }
  }

  /** Fires every enabled schedule that is due by the clock (a sweep: tests, and a worker catching up at start). */
  async fireDue(): Promise<Map<string, FireOutcome>> {
    const due = await this.app.db.prisma.workflowSchedule.findMany({
      where: { enabled: true, nextFireAt: { lte: this.now() } },
      select: { id: true },
      orderBy: { nextFireAt: 'asc' },
    })
    const outcomes = new Map<string, FireOutcome>()
    for (const { id } of due) outcomes.set(id, await this.fire(id))
    return outcomes
  }
}

const payloadSchema = z.object({ scheduleId: z.string().min(1) })

/** The run worker's task that fires a schedule (registered beside the runs' own). */
export function scheduleTasks(app: AppContext, now?: Clock): TaskList {
  const firing = new ScheduleFiring(app, now)
  const fire: Task = async (payload) => {
    await firing.fire(payloadSchema.parse(payload).scheduleId)
  }
  return { [SCHEDULE_FIRE_TASK]: fire }
}

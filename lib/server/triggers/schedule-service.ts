/**
 * A workflow's schedules (issue #32): list, make, change, pause and resume, delete. Editors of the workflow's
 * workspace manage them, viewers see them; others get the 404 of a missing workflow. The fire times and the run
 * history are the firing's (schedule-firing.ts) and the runs list's (`?triggerId=`).
 */
import type { CreateScheduleBody, ScheduleView, UpdateScheduleBody } from '@/lib/contracts/triggers'
import { describeCron, nextFireTime, nextFireTimes } from '@/lib/contracts/cron-schedule'
import { inputProblemsText, parseGraphDocument, runInputProblems } from '@/lib/graph'
import type { AppContext } from '../app-context'
import type { Principal } from '../auth/principal'
import { invalidInput, notFound } from '../domain-errors'
import type { Clock } from './schedule-firing'
import { queueScheduleFire, removeScheduleFire } from './schedule-queue'
import { triggerWorkflow } from './trigger-workflow'

/** Fire times a view shows. */
export const SHOWN_FIRE_TIMES = 5

type ScheduleRow = {
  id: string
  workflowId: string
  name: string
  cron: string
  timeZone: string
  input: string
  enabled: boolean
  missedRuns: string
  nextFireAt: Date | null
  lastFiredAt: Date | null
  lastError: string | null
  createdAt: Date
}

export function presentSchedule(row: ScheduleRow, now: Date): ScheduleView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    name: row.name,
    cron: row.cron,
    timeZone: row.timeZone,
    description: describeCron(row.cron) ?? null,
    input: row.input,
    enabled: row.enabled,
    missedRuns: row.missedRuns === 'run_once' ? 'run_once' : 'skip',
    nextFireTimes: row.enabled ? nextFireTimes(row.cron, row.timeZone, now, SHOWN_FIRE_TIMES).map((time) => time.toISOString()) : [],
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  }
}

export class ScheduleService {
  constructor(
    private readonly app: AppContext,
    private readonly now: Clock = () => new Date(),
  ) {}

  private get prisma() {
    return this.app.db.prisma
  }

  async list(principal: Principal, workflowId: string): Promise<ScheduleView[]> {
    await triggerWorkflow(this.app, principal, workflowId, 'viewer')
    const rows = await this.prisma.workflowSchedule.findMany({ where: { workflowId }, orderBy: { createdAt: 'asc' } })
    const now = this.now()
    return rows.map((row) => presentSchedule(row, now))
  }

  async create(principal: Principal, workflowId: string, body: CreateScheduleBody): Promise<ScheduleView> {
    await triggerWorkflow(this.app, principal, workflowId, 'editor')
    await this.refuseUnfitInput(workflowId, body.input)
    const now = this.now()
    const nextFireAt = body.enabled ? nextFireTime(body.cron, body.timeZone, now) : null
    const row = await this.prisma.workflowSchedule.create({ data: { ...body, workflowId, ownerId: principal.userId, nextFireAt } })
    if (nextFireAt) await queueScheduleFire(this.app.db.sql, row.id, nextFireAt)
    return presentSchedule(row, now)
  }

  /**
   * Changes a schedule. A new cron or time zone starts from now; resuming keeps the fire time it was paused at, so
   * the firing sees what was missed meanwhile and applies `missedRuns`.
   */
  async update(principal: Principal, workflowId: string, scheduleId: string, body: UpdateScheduleBody): Promise<ScheduleView> {
    const current = await this.find(principal, workflowId, scheduleId, 'editor')
    if (body.input !== undefined) await this.refuseUnfitInput(workflowId, body.input)
    const now = this.now()
    const cron = body.cron ?? current.cron
    const timeZone = body.timeZone ?? current.timeZone
    const enabled = body.enabled ?? current.enabled
    const timing = body.cron !== undefined || body.timeZone !== undefined || current.nextFireAt === null
    const nextFireAt = timing ? nextFireTime(cron, timeZone, now) : current.nextFireAt
    const row = await this.prisma.workflowSchedule.update({ where: { id: scheduleId }, data: { ...body, nextFireAt } })
    if (enabled && nextFireAt) await queueScheduleFire(this.app.db.sql, row.id, nextFireAt < now ? now : nextFireAt)
    else await removeScheduleFire(this.app.db.sql, row.id)
    return presentSchedule(row, now)
  }

  async remove(principal: Principal, workflowId: string, scheduleId: string): Promise<void> {
    await this.find(principal, workflowId, scheduleId, 'editor')
    await this.prisma.workflowSchedule.delete({ where: { id: scheduleId } })
    await removeScheduleFire(this.app.db.sql, scheduleId)
  }

  async get(principal: Principal, workflowId: string, scheduleId: string): Promise<ScheduleView> {
    return presentSchedule(await this.find(principal, workflowId, scheduleId, 'viewer'), this.now())
  }

  private async find(principal: Principal, workflowId: string, scheduleId: string, role: 'viewer' | 'editor'): Promise<ScheduleRow> {
    await triggerWorkflow(this.app, principal, workflowId, role)
    const row = await this.prisma.workflowSchedule.findFirst({ where: { id: scheduleId, workflowId } })
    if (!row) throw notFound('Schedule', scheduleId)
    return row
  }

  /** The input must start the latest version (the fields its start node declares): 400 `invalid_run_input` otherwise. */
  private async refuseUnfitInput(workflowId: string, input: string): Promise<void> {
    const version = await this.prisma.workflowVersion.findFirst({ where: { workflowId }, orderBy: { version: 'desc' }, select: { graph: true } })
    const parsed = version ? parseGraphDocument(version.graph) : undefined
    if (!parsed?.ok) return
    const problems = runInputProblems(parsed.document, input)
    if (problems.length > 0) {
      throw invalidInput('invalid_run_input', `The input does not match the workflow's input fields: ${inputProblemsText(problems)}`, {
        param: 'input',
        problems,
      })
    }
  }
}

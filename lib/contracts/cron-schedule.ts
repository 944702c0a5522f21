/**
 * Cron expressions and time zones of schedules (issue #32), read the same way in the browser (the schedule form's
 * preview) and on the server (the scheduler): croner computes fire times in a time zone, cronstrue says them in words.
 * Five fields (minute hour day-of-month month day-of-week) or six (seconds first); croner's seventh (year) is refused
 * so that what people type means what every other cron means.
 */
import { Cron } from 'croner'
import cronstrue from 'cronstrue'

/** The problem with an expression, or undefined when it is one croner reads as five or six fields. */
export function cronProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/)
  if (fields.length !== 5 && fields.length !== 6) return 'A cron expression has five fields (minute hour day month weekday), or six with seconds first.'
  try {
    new Cron(expression, { paused: true })
    return undefined
  } catch (error) {
    return (error as Error).message.replace(/^CronPattern: /, '')
  }
}

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function cronOf(expression: string, timeZone: string): Cron {
  return new Cron(expression, { paused: true, timezone: timeZone })
}

/** The next `count` fire times strictly after `after`, in UTC. */
export function nextFireTimes(expression: string, timeZone: string, after: Date, count: number): Date[] {
  return cronOf(expression, timeZone).nextRuns(count, after)
}

/** The first fire time strictly after `after` (null for an expression that never fires again). */
export function nextFireTime(expression: string, timeZone: string, after: Date): Date | null {
  return cronOf(expression, timeZone).nextRun(after)
}

/** The latest fire time in (`from`, `to`], or null when none falls in it: a missed run to catch up with once. */
export function latestFireTimeBetween(expression: string, timeZone: string, from: Date, to: Date): Date | null {
  // croner's previous runs are strictly before their reference: a millisecond past `to` includes it.
  const [latest] = cronOf(expression, timeZone).previousRuns(1, new Date(to.getTime() + 1))
  return latest && latest.getTime() > from.getTime() ? latest : null
}

/** The expression in plain words ("At 09:00 AM, Monday through Friday"), or undefined when cronstrue cannot say it. */
export function describeCron(expression: string): string | undefined {
  try {
    return cronstrue.toString(expression, { use24HourTimeFormat: true, throwExceptionOnParseError: true })
  } catch {
    return undefined
  }
}

/**
 * The runs page's filter as it lives in the URL (`/runs?status=failed&workflowId=…`), so a filtered
 * list can be reloaded, shared and reached with Back. Pure: the page reads it, the chips write it.
 */
import { runStatusSchema, runTriggerKindSchema, type RunStatus, type RunTriggerKind } from '@/lib/contracts/runs'

export interface RunsFilter {
  workflowId?: string
  status?: RunStatus
  trigger?: RunTriggerKind
}

type SearchParams = Record<string, string | string[] | undefined>

const single = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined)

/** What the URL asks for; an unknown status shows every run rather than an error page. */
export function readRunsFilter(params: SearchParams): RunsFilter {
  const status = runStatusSchema.safeParse(single(params.status))
  const trigger = runTriggerKindSchema.safeParse(single(params.trigger))
  const workflowId = single(params.workflowId)
  return { ...(workflowId ? { workflowId } : {}), ...(status.success ? { status: status.data } : {}), ...(trigger.success ? { trigger: trigger.data } : {}) }
}

export function runsFilterHref(filter: RunsFilter): string {
  const query = new URLSearchParams()
  if (filter.workflowId) query.set('workflowId', filter.workflowId)
  if (filter.status) query.set('status', filter.status)
  if (filter.trigger) query.set('trigger', filter.trigger)
  const text = query.toString()
  return text ? `/runs?${text}` : '/runs'
}

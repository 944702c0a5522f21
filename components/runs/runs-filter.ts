/**
 * The runs page's filter as it lives in the URL (`/runs?status=failed&workflowId=…`), so a filtered
 * list can be reloaded, shared and reached with Back. Pure: the page reads it, the chips write it.
 */
import { runStatusSchema, type RunStatus } from '@/lib/contracts/runs'

export interface RunsFilter {
  workflowId?: string
  status?: RunStatus
}

type SearchParams = Record<string, string | string[] | undefined>

const single = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined)

/** What the URL asks for; an unknown status shows every run rather than an error page. */
export function readRunsFilter(params: SearchParams): RunsFilter {
  const status = runStatusSchema.safeParse(single(params.status))
  const workflowId = single(params.workflowId)
  return { ...(workflowId ? { workflowId } : {}), ...(status.success ? { status: status.data } : {}) }
}

export function runsFilterHref(filter: RunsFilter): string {
  const query = new URLSearchParams()
  if (filter.workflowId) query.set('workflowId', filter.workflowId)
  if (filter.status) query.set('status', filter.status)
  const text = query.toString()
  return text ? `/runs?${text}` : '/runs'
}

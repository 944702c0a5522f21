/** The public form's requests (no sign-in): a visitor's submission to a published workflow, its run and its event stream. */
import { fetchParsed } from '@/components/api-client'
import { visitorRunSchema, visitorRunStartedSchema } from '@/lib/contracts/publications'

const formUrl = (token: string) => `/api/public/form/${encodeURIComponent(token)}`
const runUrl = (token: string, runId: string) => `${formUrl(token)}/runs/${encodeURIComponent(runId)}`

export function submitVisitorForm(token: string, visitorId: string, input: string | Record<string, unknown>) {
  return fetchParsed(visitorRunStartedSchema, `${formUrl(token)}/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ visitorId, input }),
  })
}

export function getVisitorRun(token: string, visitorId: string, runId: string) {
  return fetchParsed(visitorRunSchema, `${runUrl(token, runId)}?visitor=${encodeURIComponent(visitorId)}`)
}

export function visitorRunEventsUrl(token: string, visitorId: string, runId: string): string {
  return `${runUrl(token, runId)}/events?visitor=${encodeURIComponent(visitorId)}`
}

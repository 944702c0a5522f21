/**
 * What a request must get past before any route or page sees it: the Host and cross-site checks of
 * request-guard.ts, then the screen of request-screen.ts (malformed paths, unknown API paths, methods a
 * route does not answer, OPTIONS, declared bodies over the limit). A refusal is the whole answer, in the
 * API's JSON shape (OpenAI's under /v1).
 *
 * Two callers, one rule: raw-request-guard.ts runs it below Next for every API request (`/api/…`, `/v1/…`,
 * `/mcp`), which proxy.ts's matcher leaves out — running Next's proxy for a request costs the web process
 * CPU of its own (a NextRequest, the body teed, the answer's headers merged): about 0.4 ms of a small API
 * request's 2.5–3.5 ms alone, more under load (BENCHMARKS.md, "Session 32"); proxy.ts runs it for pages
 * and for the few API paths its matcher still lets through (`/api`, `/v1`, `/mcp/`).
 */
import type { OpenAiError } from '@/lib/contracts/responses'
import type { ErrorBody } from './http-errors'
import { checkRequest, type GuardRequest } from './request-guard'
import { screenRequest } from './request-screen'
import { errorBodyForPath } from './responses/openai-error-shape'

export interface GateRefusal {
  status: number
  headers?: Record<string, string>
  /** Absent for an answer without a body (OPTIONS' 204). */
  body?: ErrorBody | OpenAiError
}

/** The refusal of a request that must not reach any route or page, or undefined to let it through. */
export function refusalBeforeRoutes(request: GuardRequest, allowedHosts: Set<string> | '*'): GateRefusal | undefined {
  const verdict = checkRequest(request, allowedHosts)
  if (!verdict.ok) {
    return { status: verdict.status, body: errorBodyForPath(request.pathname, verdict.status, { error: { code: verdict.code, message: verdict.message } }) }
  }
  const screened = screenRequest(request)
  if (!screened.ok) return { status: screened.status, headers: screened.headers, body: screened.body }
  return undefined
}

/**
 * What every API request must get right before any route sees it, checked by the gate before routes
 * (request-gate.ts: below Next by raw-request-guard.ts for the API, by proxy.ts for the rest):
 * - a path whose percent-encoding does not decode (`/api/runs/%ff`) → 400 `invalid_path`;
 * - a method the matched route does not answer (TRACE included) → 405 with `Allow`;
 * - OPTIONS → 204 with `Allow` (no CORS: the API is same-origin only);
 * - a declared Content-Length over the largest body limit → 413 at once (each route then applies
 *   its own limit while reading, see request-body.ts).
 * Pure: no Next, no database, so it is unit-tested directly and the fuzz test runs it as Next would.
 */
import type { OpenAiError } from '@/lib/contracts/responses'
import { FALLBACK_PATTERNS, ROUTE_METHODS, allowedMethods, matchApiRoute, type RouteMethod } from './api-route-table'
import type { ErrorBody } from './http-errors'
import { bodyLimitsFromEnv, declaredLength, payloadTooLarge, type BodyLimits } from './request-body'
import { errorBodyForPath, isOpenAiPath } from './responses/openai-error-shape'

export interface ScreenedRequest {
  method: string
  /** The path as sent, still percent-encoded. */
  pathname: string
  headers: { get(name: string): string | null }
}

/** A refusal's body is in the API's shape, or OpenAI's under /v1 (openai-error-shape.ts). */
export type ScreenVerdict = { ok: true } | { ok: false; status: number; headers?: Record<string, string>; body?: ErrorBody | OpenAiError }

const PASS: ScreenVerdict = { ok: true }

function refuse(pathname: string, status: number, code: string, message: string, headers?: Record<string, string>, details?: unknown): ScreenVerdict {
  return { ok: false, status, headers, body: errorBodyForPath(pathname, status, { error: { code, message, ...(details === undefined ? {} : { details }) } }) }
}

/** True when every segment of `pathname` percent-decodes (to well-formed UTF-8). */
export function isWellEncodedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** The API, and the OpenAI-compatible routes under /v1 (an unknown one is a JSON 404 too). */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || isOpenAiPath(pathname)
}

function isRouteMethod(method: string): method is RouteMethod {
  return (ROUTE_METHODS as readonly string[]).includes(method)
}

export function screenRequest(request: ScreenedRequest, limits: BodyLimits = bodyLimitsFromEnv()): ScreenVerdict {
  const { method, pathname } = request
  if (!isWellEncodedPath(pathname)) {
    return refuse(pathname, 400, 'invalid_path', 'The URL path has malformed percent-encoding (a "%" must be followed by two hex digits that form UTF-8).')
  }
  if (!isApiPath(pathname)) return PASS
  // Matched on the path as sent, as Next does: an encoded slash (%2F) stays inside its segment.
  const route = matchApiRoute(pathname)
  // Unknown API paths are answered by the fallback routes (404 JSON), for every method Next can
  // route; here for the rest, and for /api and /v1 themselves, which the fallbacks do not cover.
  const fallback = route !== undefined && FALLBACK_PATTERNS.includes(route.pattern)
  if (route === undefined || (fallback && !isRouteMethod(method))) {
    return refuse(pathname, 404, 'not_found', `No API route ${method} ${pathname}.`)
  }
  if (fallback) return PASS
  const allowed = allowedMethods(route)
  const allow = { allow: allowed.join(', ') }
  if (method === 'OPTIONS') return { ok: false, status: 204, headers: allow }
  if (!(allowed as string[]).includes(method)) {
    return refuse(pathname, 405, 'method_not_allowed', `${route.pattern} answers ${allowed.join(', ')}, not ${method}.`, allow, { allowed })
  }
  const length = declaredLength(request.headers)
  const largest = Math.max(limits.default, limits.import)
  if (length !== undefined && length > largest) {
    const tooLarge = payloadTooLarge(largest)
    return refuse(pathname, 413, tooLarge.code, tooLarge.message, undefined, tooLarge.details)
  }
  return PASS
}

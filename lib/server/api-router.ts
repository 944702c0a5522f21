/**
 * Serves the API's route handlers (app/api/**, app/v1/**) below Next, in `next start`: the raw request guard
 * (raw-request-guard.ts) hands an API request that passed the gate to the route module Next would pick
 * (api-route-table.ts ranks patterns as Next does) and writes its answer (node-fetch-bridge.ts). The handlers are
 * the same functions Next would call, with the same Request (URL, headers, body, an abort signal) and the same
 * `params`; what is skipped is Next's own work around them, more than half of a small request's CPU in the web
 * process (a create of a run: 7.1–7.9 ms of CPU through Next, 3.2–3.6 ms here; BENCHMARKS.md, "Session 38").
 *
 * What it does not take is left to Next as before: a path Next would redirect or normalise first (a trailing
 * slash, `//`, a backslash, dot segments), a path no route declares, a method the module does not export. The
 * module of each route is loaded at its first request and kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api'
import { API_ROUTES, matchApiRoute, type ApiRoute } from './api-route-table'
import { toErrorResponse } from './http-errors'
import type { RouteHandler } from './define-route'
import { answerWithFetch } from './node-fetch-bridge'
import { errorBodyForPath } from './responses/openai-error-shape'
import { serverTracer } from './telemetry/open-telemetry'

/** A route file's exports: handlers by method name, beside settings such as `dynamic`. */
export type RouteModule = Record<string, unknown>
/** Each API route's module by its pattern (`/api/runs/[id]`), loaded when first asked for. */
export type RouteLoaders = Readonly<Record<string, () => Promise<RouteModule>>>

/** Answers an API request when it is one this router serves (true), or leaves it to Next (false). */
export type ApiRouter = (req: IncomingMessage, res: ServerResponse) => boolean

export function createApiRouter(loaders: RouteLoaders, routes: readonly ApiRoute[] = API_ROUTES): ApiRouter {
  const modules = new Map<string, Promise<RouteModule>>()
  const moduleOf = (pattern: string) => {
    let loaded = modules.get(pattern)
    if (!loaded) {
      loaded = loaders[pattern]()
      // A module that failed to load is tried again by the next request, not kept as a failure.
      loaded.catch(() => modules.delete(pattern))
      modules.set(pattern, loaded)
    }
    return loaded
  }
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (!servedAsSent(path)) return false
    const route = matchApiRoute(path, routes)
    if (!route || !loaders[route.pattern]) return false
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET')
    if (!route.methods.includes(method as ApiRoute['methods'][number])) return false
    const answer = () => serve(req, res, path, route, moduleOf(route.pattern), method).catch((error: unknown) => failed(error, path, res))
    const tracer = serverTracer()
    if (tracer) void traced(tracer, req, res, route, answer)
    else void answer()
    return true
  }
}

/**
 * The request as a server span while traces are exported (Next made one for each route handler it ran), named by the
 * route's pattern: the path itself may carry a token (a share link's), which a trace must not.
 */
async function traced(tracer: Tracer, req: IncomingMessage, res: ServerResponse, route: ApiRoute, answer: () => Promise<void>): Promise<void> {
  const attributes = { 'http.request.method': req.method ?? 'GET', 'http.route': route.pattern }
  await tracer.startActiveSpan(`${req.method} ${route.pattern}`, { kind: SpanKind.SERVER, attributes }, async (span) => {
    try {
      await answer()
    } finally {
      span.setAttribute('http.response.status_code', res.statusCode)
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
  })
}

/**
 * A path Next routes as it is: no trailing slash, no empty or dot segment, no backslash (Next redirects or normalises
 * those), and one that percent-decodes (the gate has refused one that does not; Next would too).
 */
function servedAsSent(path: string): boolean {
  if (path.length > 1 && path.endsWith('/')) return false
  if (path.includes('//') || path.includes('\\')) return false
  if (path.includes('%') && !decodes(path)) return false
  for (const segment of path.split('/')) {
    const decoded = segment.toLowerCase().replaceAll('%2e', '.')
    if (decoded === '.' || decoded === '..') return false
  }
  return true
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

async function serve(req: IncomingMessage, res: ServerResponse, path: string, route: ApiRoute, module: Promise<RouteModule>, method: string): Promise<void> {
  const handler = (await module)[method]
  if (typeof handler !== 'function') throw new Error(`The route ${route.pattern} declares ${method} but its module does not export it.`)
  const params = Promise.resolve(paramsOf(route.pattern, path))
  await answerWithFetch(req, res, (request) => (handler as RouteHandler)(request, { params }))
}

/** The route's parameters as Next gives them: each segment percent-decoded, a `[...rest]` as the list of the rest. */
export function paramsOf(pattern: string, path: string): Record<string, string | string[]> {
  const parts = pattern.split('/').filter(Boolean)
  const segments = path.split('/').filter(Boolean)
  const params: Record<string, string | string[]> = {}
  parts.forEach((part, index) => {
    if (part.startsWith('[...')) params[part.slice(4, -1)] = segments.slice(index).map(decodeURIComponent)
    else if (part.startsWith('[')) params[part.slice(1, -1)] = decodeURIComponent(segments[index])
  })
  return params
}

/** A handler that threw (defineRoute answers its own errors, so this is a fault): 500 in the path's error shape. */
function failed(error: unknown, path: string, res: ServerResponse): void {
  // The client went away (while its body was read, say): nobody is left to answer.
  if (res.destroyed) return
  if (res.headersSent) {
    console.error(`[api] ${path}: the answer failed after its head was sent:`, error)
    res.destroy()
    return
  }
  // toErrorResponse logs what is not a client's error.
  const { status, body } = toErrorResponse(error)
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(errorBodyForPath(path, status, body)))
}

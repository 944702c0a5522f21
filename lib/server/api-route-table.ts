import { GENERATED_API_ROUTES } from './api-routes.generated'

/**
 * The API's routes (under /api, and the OpenAI-compatible /v1) and the methods each one exports, for the gate before routes (request-screen.ts): it answers an unsupported
 * method with 405 and an `Allow` header before Next does (Next's own 405 has an empty body), and
 * OPTIONS with 204 and `Allow`. The gate (below Next, and in proxy.ts) cannot import the route modules themselves (they pull in
 * the whole server), so the table is generated from their declarations into api-routes.generated.ts
 * (`npm run generate:routes`); route-sources.test.ts fails when the checked-in file is stale.
 *
 * A path no entry matches is passed on to Next untouched, so a route missing here still works;
 * it only misses the early 405.
 */

/** The methods a Next route module can export. */
export const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
export type RouteMethod = (typeof ROUTE_METHODS)[number]

export interface ApiRoute {
  /** The URL pattern as in app/: `/api/runs/[id]`, `/api/auth/[...all]`. */
  pattern: string
  /** The methods its route.ts exports. */
  methods: readonly RouteMethod[]
}

/** Answer every path under /api, and under /v1, that no other route has: 404 in the API's JSON shape, and in OpenAI's. */
export const FALLBACK_PATTERNS: readonly string[] = ['/api/[...path]', '/v1/[...path]']

export const API_ROUTES: readonly ApiRoute[] = GENERATED_API_ROUTES

/** How well a pattern segment matches, as Next ranks them: a fixed name beats [param] beats [...rest]. */
const STATIC = 2
const DYNAMIC = 1
const CATCH_ALL = 0

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** Patterns split once: every API request is matched against all of them (request-screen.ts). */
const patternSegments = new Map<string, readonly string[]>()

function patternSegmentsOf(pattern: string): readonly string[] {
  let parts = patternSegments.get(pattern)
  if (!parts) patternSegments.set(pattern, (parts = segmentsOf(pattern)))
  return parts
}

/** The rank of each segment when `pattern` matches `segments`, or undefined when it does not. */
function matchRanks(pattern: string, segments: readonly string[]): number[] | undefined {
  const parts = patternSegmentsOf(pattern)
  const ranks: number[] = []
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]
    if (part.startsWith('[...')) return index < segments.length ? [...ranks, CATCH_ALL] : undefined
    if (index >= segments.length) return undefined
    if (part.startsWith('[')) ranks.push(DYNAMIC)
    else if (part === segments[index]) ranks.push(STATIC)
    else return undefined
  }
  return parts.length === segments.length ? ranks : undefined
}

function outranks(a: number[], b: number[]): boolean {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (a[index] !== b[index]) return a[index] > b[index]
  return a.length > b.length
}

/** The route Next would pick for `pathname` (as sent, still percent-encoded), if any. */
export function matchApiRoute(pathname: string, routes: readonly ApiRoute[] = API_ROUTES): ApiRoute | undefined {
  const segments = segmentsOf(pathname)
  let best: { route: ApiRoute; ranks: number[] } | undefined
  for (const route of routes) {
    const ranks = matchRanks(route.pattern, segments)
    if (ranks && (!best || outranks(ranks, best.ranks))) best = { route, ranks }
  }
  return best?.route
}

/** What the route answers to: its methods, HEAD where it has GET (Next derives it), and OPTIONS. */
export function allowedMethods(route: ApiRoute): RouteMethod[] {
  const allowed = new Set<RouteMethod>(route.methods)
  if (allowed.has('GET')) allowed.add('HEAD')
  allowed.add('OPTIONS')
  return ROUTE_METHODS.filter((method) => allowed.has(method))
}

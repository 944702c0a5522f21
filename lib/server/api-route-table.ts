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

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/**
 * The patterns as a tree of their segments, made once per table: every API request is matched (by the gate, then by
 * the router below Next), and trying each of a hundred patterns in turn cost some 20 µs a request.
 */
interface PatternNode {
  fixed: Map<string, PatternNode>
  param?: PatternNode
  /** The route whose `[...rest]` starts after this node's segments. */
  catchAll?: ApiRoute
  /** The route whose pattern ends at this node. */
  route?: ApiRoute
}

const trees = new WeakMap<readonly ApiRoute[], PatternNode>()

function treeOf(routes: readonly ApiRoute[]): PatternNode {
  let root = trees.get(routes)
  if (root) return root
  root = { fixed: new Map() }
  for (const route of routes) {
    let node = root
    let ended = false
    for (const part of segmentsOf(route.pattern)) {
      if (part.startsWith('[...')) {
        node.catchAll ??= route
        ended = true
        break
      }
      if (part.startsWith('[')) node = node.param ??= { fixed: new Map() }
      else {
        let next = node.fixed.get(part)
        if (!next) node.fixed.set(part, (next = { fixed: new Map() }))
        node = next
      }
    }
    if (!ended) node.route ??= route
  }
  trees.set(routes, root)
  return root
}

/**
 * Next's choice, segment by segment from the left: a fixed name before a [param] before a [...catch-all] (which takes
 * one segment or more). Trying them in that order, the first whole match is the one that ranks highest.
 */
function find(node: PatternNode, segments: readonly string[], index: number): ApiRoute | undefined {
  if (index === segments.length) return node.route
  const fixed = node.fixed.get(segments[index])
  const found = (fixed && find(fixed, segments, index + 1)) || (node.param && find(node.param, segments, index + 1))
  return found || node.catchAll
}

/** The route Next would pick for `pathname` (as sent, still percent-encoded), if any. */
export function matchApiRoute(pathname: string, routes: readonly ApiRoute[] = API_ROUTES): ApiRoute | undefined {
  return find(treeOf(routes), segmentsOf(pathname), 0)
}

/** What the route answers to: its methods, HEAD where it has GET (Next derives it), and OPTIONS. */
export function allowedMethods(route: ApiRoute): RouteMethod[] {
  const allowed = new Set<RouteMethod>(route.methods)
  if (allowed.has('GET')) allowed.add('HEAD')
  allowed.add('OPTIONS')
  return ROUTE_METHODS.filter((method) => allowed.has(method))
}

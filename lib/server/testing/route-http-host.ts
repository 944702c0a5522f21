/**
 * Serves app/ route handlers over node:http on 127.0.0.1, without Next: a URL pattern (`:name` for a
 * parameter) per route module. Requests become a Fetch Request and the handler's Response is sent back
 * as the API router below Next sends it (node-fetch-bridge.ts: SSE as it comes); the client going away
 * aborts the request's signal. Used by the web-host process (processes/web-host.ts) and by tests that need a real HTTP
 * client, such as the `openai` package, in the test's own process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RouteModule } from '../api-router'
import type { RouteHandler } from '../define-route'
import { answerWithFetch } from '../node-fetch-bridge'

export interface HostedRoute {
  pattern: string
  load: () => Promise<RouteModule>
}

export interface RouteHttpHost {
  /** `http://127.0.0.1:<port>`. */
  url: string
  server: Server
  close(): Promise<void>
}

/** The first route whose pattern matches: `:name` is one segment, a last `*name` the rest (one or more, as Next's `[...name]`). */
function matchRoute(
  routes: readonly HostedRoute[],
  pathname: string,
): { load: () => Promise<RouteModule>; params: Record<string, string | string[]> } | undefined {
  const segments = pathname.split('/').filter(Boolean)
  for (const route of routes) {
    const parts = route.pattern.split('/').filter(Boolean)
    const rest = parts.at(-1)?.startsWith('*') ? parts.pop()!.slice(1) : undefined
    if (rest === undefined ? parts.length !== segments.length : segments.length <= parts.length) continue
    const params: Record<string, string | string[]> = {}
    const matches = parts.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segments[i])
        return true
      }
      return part === segments[i]
    })
    if (rest !== undefined) params[rest] = segments.slice(parts.length).map(decodeURIComponent)
    if (matches) return { load: route.load, params }
  }
  return undefined
}

async function handle(routes: readonly HostedRoute[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const route = matchRoute(routes, url.pathname)
  const exported = route && (await route.load())[req.method ?? 'GET']
  if (!route || typeof exported !== 'function') {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: 'not_found', message: `${req.method} ${url.pathname} is not served here.` } }))
    return
  }
  const params = Promise.resolve(route.params)
  await answerWithFetch(req, res, (request) => (exported as RouteHandler)(request, { params }))
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () => (loaded ??= load())
}

/** Listens on a free port of 127.0.0.1. */
export async function hostRoutes(hosted: readonly HostedRoute[]): Promise<RouteHttpHost> {
  // Each route's module loaded once, as Next loads it: a dynamic import on every request costs, under tsx's loader
  // hooks, a round trip to the hooks' thread (about 0.4 ms a request in bench/responses-overhead.ts).
  const routes = hosted.map((route) => ({ ...route, load: once(route.load) }))
  const server = createServer((req, res) => {
    handle(routes, req, res).catch((error: unknown) => {
      console.error('[route-host]', error)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  // The client closes an idle kept-alive connection first (undici after 4 s): a server closing it first (Node's 5 s)
  // races a request sent on it just then, which fails with "other side closed" on a loaded machine.
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A guard below Next, the first code to see each request.
 *
 * It is the API's gate: every request for `/api/…`, `/v1/…` or `/mcp` passes the checks before routes
 * here (request-gate.ts: Host, cross-site changes, the screen), which proxy.ts runs for pages; proxy.ts's
 * matcher leaves the API out, since running Next's proxy is a sizeable share of a small request's CPU.
 * Paths are judged as Next routes them (routedPath: dot segments resolved).
 *
 * And it answers, on any path, what Next fails on before proxy.ts can see it: Next builds a Fetch
 * `Request` for the proxy, and the Fetch standard forbids the methods TRACE and TRACK (the
 * constructor throws, and Next answers with a plain-text 500); and it decodes the path to find
 * the route, where malformed percent-encoding (`/page/%ff`) fails. Those answers are in the API's
 * JSON shape, with the same verdicts as proxy.ts (request-screen.ts).
 *
 * It wraps `http.Server.prototype.emit` for the 'request' event, because `next start` creates
 * its server itself; installRawRequestGuard() is called once at server start (instrumentation.ts).
 * It also stamps the client's address (client-address.ts) and starts every response with the
 * security headers (security-headers.ts): the API, static files, Next's own errors and 404s never
 * pass through proxy.ts. Under `next start`, an API request it lets through is then served by the API
 * router (api-router.ts), which calls the route handler without Next's own pipeline around it.
 */
import http from 'node:http'
import type { ApiRouter } from './api-router'
import { isPage } from './auth/page-access'
import { stampClientAddress, trustedProxiesFromEnv } from './client-address'
import { refusalBeforeRoutes, type GateRefusal } from './request-gate'
import { allowedHostsFromEnv } from './request-guard'
import { isWellEncodedPath, screenRequest } from './request-screen'
import { baselineSecurityHeaders, securityHeaderSettingsFromEnv } from './security-headers'

/** Methods Node's parser accepts that a Fetch Request cannot carry. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK'])

const INSTALLED = Symbol.for('agentloom.raw-request-guard')
const PAGE_METHODS = 'GET, HEAD'

/**
 * The answer for a raw request that must not reach Next, or undefined to let Next have it:
 * - an API request (`/api/…`, `/v1/…`, `/mcp`) refused by the gate before routes (request-gate.ts): proxy.ts's
 *   matcher leaves these paths to this guard;
 * - on other paths, methods a Fetch Request cannot carry and paths that do not percent-decode, which Next fails on
 *   before proxy.ts runs.
 * Everything else reaches Next, pages through proxy.ts.
 */
export function rawRequestVerdict(
  method: string | undefined,
  url: string | undefined,
  headers: http.IncomingHttpHeaders,
  allowedHosts: Set<string> | '*' = allowedHostsFromEnv(),
): GateRefusal | undefined {
  const pathname = routedPath(url)
  if (!method) return undefined
  const request = { method, pathname, headers: { get: (name: string) => headerValue(headers[name.toLowerCase()]) } }
  if (!isPage(pathname)) return refusalBeforeRoutes(request, allowedHosts)
  if (!FETCH_FORBIDDEN_METHODS.has(method) && isWellEncodedPath(pathname)) return undefined
  const verdict = screenRequest(request)
  // A page, which answers GET and HEAD only.
  if (verdict.ok) {
    return {
      status: 405,
      headers: { allow: PAGE_METHODS },
      body: { error: { code: 'method_not_allowed', message: `${method} is not supported here; pages answer ${PAGE_METHODS}.` } },
    }
  }
  return { status: verdict.status, headers: verdict.headers, body: verdict.body }
}

/**
 * The path Next routes and matches proxy.ts's matcher against: dot segments resolved (`/workflows/../api/runs`, and
 * `%2e%2e`, are `/api/runs` to it), percent-encoding otherwise as sent. Deciding on the path as sent would let such a
 * request pass here as a page and reach an API route with neither this gate nor the proxy run for it.
 */
export function routedPath(url: string | undefined): string {
  const sent = (url ?? '/').split('?')[0] || '/'
  try {
    return new URL(`http://guard${sent.startsWith('/') ? '' : '/'}${sent}`).pathname
  } catch {
    return sent
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * Installs the guard (once per process); answers the function that takes it out again (for tests that share a process).
 * With `apiRouter`, an API request that passes the gate is answered by it rather than by Next (api-router.ts).
 */
export function installRawRequestGuard(options: { apiRouter?: ApiRouter } = {}): () => void {
  const { apiRouter } = options
  const prototype = http.Server.prototype as http.Server & { [INSTALLED]?: true }
  if (prototype[INSTALLED]) return () => {}
  prototype[INSTALLED] = true
  const proxies = trustedProxiesFromEnv()
  const headerSettings = securityHeaderSettingsFromEnv()
  const allowedHosts = allowedHostsFromEnv()
  const emit = prototype.emit
  prototype.emit = function guardedEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse]
      stampClientAddress(request, proxies)
      const pathname = (request.url ?? '/').split('?')[0] || '/'
      for (const [name, value] of Object.entries(baselineSecurityHeaders(headerSettings, pathname))) response.setHeader(name, value)
      const verdict = rawRequestVerdict(request.method, request.url, request.headers, allowedHosts)
      if (verdict) {
        response.writeHead(verdict.status, { ...(verdict.body === undefined ? {} : { 'content-type': 'application/json' }), ...verdict.headers })
        response.end(verdict.body === undefined ? undefined : JSON.stringify(verdict.body))
        request.resume()
        return true
      }
      if (apiRouter?.(request, response)) return true
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean
  } as typeof prototype.emit
  return () => {
    prototype.emit = emit
    delete prototype[INSTALLED]
  }
}

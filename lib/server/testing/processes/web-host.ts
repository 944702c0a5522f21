/**
 * A web process for multi-process tests: the app's real Next route handlers for workflows, runs, conversations,
 * approvals and the MCP endpoint, served over node:http on 127.0.0.1 without Next itself (which would take a build, or
 * a dev server per process). Run it with tsx (`node --import tsx lib/server/testing/processes/web-host.ts`),
 * with DATABASE_URL and AGENTLOOM_WORKER=off; it prints one line, `{"url":"http://127.0.0.1:<port>"}`,
 * once it answers. Requests are turned into a Fetch Request and the handler's Response streamed
 * back (SSE included), the client going away aborting the request's signal as under Next.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getAppContext } from '@/lib/server/app-context'
import { SHUTDOWN_GRACE_MS, stopOnSignals } from '@/lib/server/process-shutdown'
import { startHostedWorker, stopHostedWorker, workerEnabled } from '@/lib/server/runs/worker-host'

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>
/** A route file's exports: handlers by method name, beside settings such as `dynamic`. */
type RouteModule = Record<string, unknown>

/** The routes served: a URL pattern (`:name` for a parameter) and its app/ route file. */
const ROUTES: { pattern: string; load: () => Promise<RouteModule> }[] = [
  { pattern: '/api/workflows', load: () => import('@/app/api/workflows/route') },
  { pattern: '/api/runs', load: () => import('@/app/api/runs/route') },
  { pattern: '/api/runs/:id', load: () => import('@/app/api/runs/[id]/route') },
  { pattern: '/api/runs/:id/events', load: () => import('@/app/api/runs/[id]/events/route') },
  { pattern: '/api/runs/:id/cancel', load: () => import('@/app/api/runs/[id]/cancel/route') },
  { pattern: '/api/approvals', load: () => import('@/app/api/approvals/route') },
  { pattern: '/api/approvals/:id', load: () => import('@/app/api/approvals/[id]/route') },
  { pattern: '/api/agents/:id/conversations', load: () => import('@/app/api/agents/[id]/conversations/route') },
  { pattern: '/api/conversations/:id', load: () => import('@/app/api/conversations/[id]/route') },
  { pattern: '/api/conversations/:id/messages', load: () => import('@/app/api/conversations/[id]/messages/route') },
  { pattern: '/mcp', load: () => import('@/app/mcp/route') },
]

function matchRoute(pathname: string): { load: () => Promise<RouteModule>; params: Record<string, string> } | undefined {
  const segments = pathname.split('/').filter(Boolean)
  for (const route of ROUTES) {
    const parts = route.pattern.split('/').filter(Boolean)
    if (parts.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = parts.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segments[i])
        return true
      }
      return part === segments[i]
    })
    if (matches) return { load: route.load, params }
  }
  return undefined
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length ? new Uint8Array(Buffer.concat(chunks)) : undefined
}

function toRequest(req: IncomingMessage, url: URL, body: Uint8Array<ArrayBuffer> | undefined, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return new Request(url, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body, signal })
}

/** Writes the Response as it comes, chunk by chunk (an SSE stream never ends by itself). */
async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  res.on('close', () => void reader.cancel().catch(() => {}))
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    res.write(value)
  }
  res.end()
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const route = matchRoute(url.pathname)
  const exported = route && (await route.load())[req.method ?? 'GET']
  if (!route || typeof exported !== 'function') {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: 'not_found', message: `${req.method} ${url.pathname} is not served here.` } }))
    return
  }
  const clientGone = new AbortController()
  res.on('close', () => clientGone.abort())
  const request = toRequest(req, url, await readBody(req), clientGone.signal)
  const handler = exported as Handler
  await send(await handler(request, { params: Promise.resolve(route.params) }), res)
}

// The app (database, migrations, notifications) is ready before the first request is taken.
const app = await getAppContext()
if (workerEnabled()) await startHostedWorker()
const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('[web-host]', error)
    if (!res.headersSent) res.writeHead(500)
    res.end()
  })
})
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }))
})
stopOnSignals({ steps: [() => stopHostedWorker(SHUTDOWN_GRACE_MS), () => app.mcpPool.close()] })

/**
 * A web process for multi-process tests: the app's real Next route handlers for workflows, runs, conversations,
 * approvals, the Responses endpoint, the MCP endpoint and evaluations, served over node:http on 127.0.0.1 without Next itself (which would take a build, or
 * a dev server per process). Run it with tsx (`node --import tsx lib/server/testing/processes/web-host.ts`),
 * with DATABASE_URL and AGENTLOOM_WORKER=off; it prints one line, `{"url":"http://127.0.0.1:<port>"}`,
 * once it answers (the tests start it compiled: lib/server/testing/compiled-scripts.ts). Requests are turned into a Fetch Request and the handler's Response streamed
 * back (SSE included), the client going away aborting the request's signal as under Next.
 */
import { getAppContext } from '@/lib/server/app-assembly'
import { SHUTDOWN_GRACE_MS, stopOnSignals } from '@/lib/server/process-shutdown'
import { startHostedWorker, stopHostedWorker, workerEnabled } from '@/lib/server/worker-host'
import { hostRoutes, type HostedRoute } from '../route-http-host'

/** The routes served: a URL pattern (`:name` for a parameter) and its app/ route file. */
const ROUTES: HostedRoute[] = [
  { pattern: '/api/workflows', load: () => import('@/app/api/workflows/route') },
  { pattern: '/api/runs', load: () => import('@/app/api/runs/route') },
  { pattern: '/api/runs/:id', load: () => import('@/app/api/runs/[id]/route') },
  { pattern: '/api/runs/:id/events', load: () => import('@/app/api/runs/[id]/events/route') },
  { pattern: '/api/runs/:id/cancel', load: () => import('@/app/api/runs/[id]/cancel/route') },
  { pattern: '/api/runs/:id/checkpoints', load: () => import('@/app/api/runs/[id]/checkpoints/route') },
  { pattern: '/api/runs/:id/forks', load: () => import('@/app/api/runs/[id]/forks/route') },
  { pattern: '/api/runs/:id/debug', load: () => import('@/app/api/runs/[id]/debug/route') },
  { pattern: '/api/runs/:id/debug/state', load: () => import('@/app/api/runs/[id]/debug/state/route') },
  { pattern: '/api/approvals', load: () => import('@/app/api/approvals/route') },
  { pattern: '/api/approvals/:id', load: () => import('@/app/api/approvals/[id]/route') },
  { pattern: '/api/agents/:id/conversations', load: () => import('@/app/api/agents/[id]/conversations/route') },
  { pattern: '/api/conversations/:id', load: () => import('@/app/api/conversations/[id]/route') },
  { pattern: '/api/conversations/:id/messages', load: () => import('@/app/api/conversations/[id]/messages/route') },
  { pattern: '/v1/responses', load: () => import('@/app/v1/responses/route') },
  { pattern: '/mcp', load: () => import('@/app/mcp/route') },
  // Evaluations (issue #31): what `agentloom eval` calls.
  { pattern: '/api/agents', load: () => import('@/app/api/agents/route') },
  { pattern: '/api/datasets', load: () => import('@/app/api/datasets/route') },
  { pattern: '/api/experiments', load: () => import('@/app/api/experiments/route') },
  { pattern: '/api/experiments/:id', load: () => import('@/app/api/experiments/[id]/route') },
  { pattern: '/api/experiments/:id/results', load: () => import('@/app/api/experiments/[id]/results/route') },
  { pattern: '/api/experiments/:id/compare/:otherId', load: () => import('@/app/api/experiments/[id]/compare/[otherId]/route') },
  // Triggers (issue #32): what `agentloom schedules` and `agentloom hooks` call, and the webhooks themselves.
  { pattern: '/api/workflows/:id/schedules', load: () => import('@/app/api/workflows/[id]/schedules/route') },
  { pattern: '/api/workflows/:id/schedules/:scheduleId', load: () => import('@/app/api/workflows/[id]/schedules/[scheduleId]/route') },
  { pattern: '/api/workflows/:id/webhooks', load: () => import('@/app/api/workflows/[id]/webhooks/route') },
  { pattern: '/api/workflows/:id/webhooks/:hookId', load: () => import('@/app/api/workflows/[id]/webhooks/[hookId]/route') },
  { pattern: '/api/workflows/:id/webhooks/:hookId/rotate', load: () => import('@/app/api/workflows/[id]/webhooks/[hookId]/rotate/route') },
  { pattern: '/api/hooks/:id', load: () => import('@/app/api/hooks/[id]/route') },
]

// The app (database, migrations, notifications) is ready before the first request is taken.
const app = await getAppContext()
if (workerEnabled()) await startHostedWorker()
const host = await hostRoutes(ROUTES)
console.log(JSON.stringify({ url: host.url }))
stopOnSignals({ steps: [() => stopHostedWorker(SHUTDOWN_GRACE_MS), () => app.mcpPool.close()] })

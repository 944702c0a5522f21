/**
 * An AppContext on a fresh test database, installed as the process's context so route handlers
 * (which call getServices()) use it. For tests that drive the API the way the browser does.
 */
import { ApprovalBroker } from '../approvals/approval-broker'
import type { AppContext } from '../app-context'
import { RunEventLog } from '../runs/run-event-log'
import { seedExampleData } from '../seed'
import { createTestDatabase } from './test-database'
import { McpTaskRegistry } from '../mcp/mcp-task-registry'

export async function createTestApp({ seed = true, install = true } = {}): Promise<AppContext & { close(): Promise<void> }> {
  const db = await createTestDatabase()
  if (seed) await seedExampleData(db.prisma)
  const events = new RunEventLog(db)
  const app: AppContext = { db, events, approvals: new ApprovalBroker(db, events), activeRuns: new Map(), mcpTasks: new McpTaskRegistry() }
  if (install) (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp = Promise.resolve(app)
  return {
    ...app,
    async close() {
      if (install) delete (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp
      await db.close()
    },
  }
}

/** Calls a Next route handler the way Next does. */
export async function callRoute<P extends Record<string, string>>(
  handler: (request: Request, context: { params: Promise<P> }) => Promise<Response>,
  init: { method?: string; url?: string; body?: unknown; rawBody?: string; params?: P; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const request = new Request(init.url ?? 'http://localhost/api/test', {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  })
  const response = await handler(request, { params: Promise.resolve((init.params ?? {}) as P) })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

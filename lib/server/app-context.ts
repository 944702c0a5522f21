/**
 * The application's composition root: one database and the services on it, created once per
 * process (kept on globalThis so that Next's separately bundled entry points — route handlers,
 * instrumentation — share it, and so that dev-mode reloads do not open a second PGlite).
 */
import { openDatabase, databaseOptionsFromEnv, type Database, type DatabaseOptions } from './db/database'
import { ApprovalBroker } from './approvals/approval-broker'
import { McpTaskRegistry } from './mcp/mcp-task-registry'
import { RunEventLog } from './runs/run-event-log'
import { seedExampleData } from './seed'

export interface AppContext {
  db: Database
  events: RunEventLog
  approvals: ApprovalBroker
  /** The runs this process is executing, so a cancel taken here stops them at once. */
  activeRuns: Map<string, AbortController>
  /** Long-running MCP tasks of those runs, so that a person's Cancel reaches the tool holding each. */
  mcpTasks: McpTaskRegistry
}

export async function createAppContext(options: DatabaseOptions, { seed = true } = {}): Promise<AppContext> {
  const db = await openDatabase(options)
  if (seed) await seedExampleData(db.prisma)
  const events = new RunEventLog(db)
  const approvals = new ApprovalBroker(db, events)
  return { db, events, approvals, activeRuns: new Map(), mcpTasks: new McpTaskRegistry() }
}

const holder = globalThis as typeof globalThis & { __agentloomApp?: Promise<AppContext> }

export function getAppContext(): Promise<AppContext> {
  holder.__agentloomApp ??= createAppContext(databaseOptionsFromEnv()).catch((error) => {
    holder.__agentloomApp = undefined
    throw error
  })
  return holder.__agentloomApp
}

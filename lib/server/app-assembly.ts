/**
 * The application's composition root: one database and the services on it, created once per
 * process (kept on globalThis so that Next's separately bundled entry points — route handlers,
 * instrumentation — share it, and so that dev-mode reloads do not open a second database).
 * It imports every feature it assembles, so only entry points import it (the top floor; AGENTS.md).
 */
import type { TaskList } from 'graphile-worker'
import { configureTelemetry } from '@/lib/core'
import { openDatabase, databaseOptionsFromEnv, type Database, type DatabaseOptions } from './db/database'
import { ApprovalBroker } from './approvals/approval-broker'
import { CheckedVersions } from './runs/checked-versions'
import { VersionDocuments } from './runs/version-documents'
import { McpConnectionPool, mcpIdleMsFromEnv } from './mcp/mcp-connection-pool'
import { McpTaskRegistry } from './mcp/mcp-task-registry'
import { RunEventLog } from './runs/events/run-event-log'
import { PgNotifications } from './db/pg-notifications'
import { RowChangeWatch } from './db/row-change-watch'
import { WatchedCache } from './db/watched-cache'
import { agentLookups } from './responses/response-model'
import { migrateQueue } from './runs/queue/queue-setup'
import { queueIfAnswered } from './runs/queue/run-lease'
import { seedExampleData } from './seed'
import { ApiTokenService } from './auth/api-tokens'
import { sessionLifetimeFromEnv, type SessionLifetime } from './auth/session-lifetime'
import { SignInThrottle } from './auth/sign-in-throttle'
import { createAuth, oidcConfigFromEnv, type OidcConfig } from './auth/auth'
import { loadMasterKey } from './secrets/master-key'
import { installLogRedaction } from './secrets/log-redaction'
import { sealPlainSecrets } from './secret-vault/rotate'
import { SecretBox } from './secrets/secret-box'
import { SecretScopes } from './secret-vault/secret-scopes'
import { SecretVault } from './secret-vault/secret-vault'
import { OutboundPolicy } from './outbound/outbound-policy'
import { experimentTasks } from './evaluations/experiment-jobs'
import { scheduleTasks } from './triggers/schedule-firing'
import type { AppContext, WorkerJobOptions } from './app-context'

function workerJobs(app: AppContext, { experimentSafetyStepMs }: WorkerJobOptions): TaskList {
  return { ...experimentTasks(app, { safetyStepMs: experimentSafetyStepMs }), ...scheduleTasks(app) }
}

export interface AppContextOptions {
  seed?: boolean
  masterKey?: Buffer
}

/** The parts of an AppContext built on an open database (shared by the app and the test app). */
export function assembleAppContext(
  db: Database,
  masterKey: Buffer,
  {
    oidc = oidcConfigFromEnv(),
    outbound = OutboundPolicy.fromEnv(),
    rateLimit,
    secretStampCheckMs,
    sessionLifetime = sessionLifetimeFromEnv(),
    publicUrl = process.env.AGENTLOOM_PUBLIC_URL || undefined,
  }: {
    oidc?: OidcConfig
    outbound?: OutboundPolicy
    rateLimit?: boolean
    secretStampCheckMs?: number
    sessionLifetime?: SessionLifetime
    publicUrl?: string
  } = {},
): AppContext {
  const secrets = new SecretVault(db.prisma, masterKey, { stampCheckMs: secretStampCheckMs })
  installLogRedaction(secrets)
  // Span content (captured only when asked for) is cut like the log.
  configureTelemetry({ redact: (text) => secrets.redactNow(text) })
  // Every event is redacted with its run's secrets before it is stored, so the API, SSE and shared views only ever see redacted data.
  const secretScopes = new SecretScopes(db.prisma, secrets)
  const notifications = new PgNotifications(() => db.connectClient())
  const events = new RunEventLog(db, notifications, (runId) => secretScopes.forRun(runId))
  const auth = createAuth({ prisma: db.prisma, masterKey, publicUrl, oidc, rateLimit, sessionLifetime })
  const rowChanges = new RowChangeWatch(notifications, db)
  return {
    db,
    notifications,
    events,
    rowChanges,
    approvals: new ApprovalBroker(db, events, notifications, {
      redact: async (runId, value) => (await (runId === null ? secretScopes.appOnly() : secretScopes.forRun(runId))).redactValue(value),
      // The last answer for a parked run queues it to go on, whichever process took the answer.
      afterDecision: async (approval) => {
        if (approval.runId) await queueIfAnswered(db.sql, approval.runId)
      },
    }),
    activeRuns: new Map(),
    mcpTasks: new McpTaskRegistry(),
    mcpPool: new McpConnectionPool({ idleMs: mcpIdleMsFromEnv() }),
    masterKey,
    secrets,
    secretScopes,
    auth,
    signInThrottle: new SignInThrottle(db.prisma),
    apiTokens: new ApiTokenService(db.prisma, db.sql, rowChanges),
    workspaceAccess: new WatchedCache(rowChanges, 'principals'),
    sessions: new WatchedCache(rowChanges, 'sessions'),
    agentLookups: agentLookups(rowChanges),
    sessionLifetime,
    outbound,
    checkedVersions: new CheckedVersions(),
    versionDocuments: new VersionDocuments(db.prisma),
    workerJobs,
  }
}

export async function createAppContext(options: DatabaseOptions, { seed = true, masterKey = loadMasterKey() }: AppContextOptions = {}): Promise<AppContext> {
  const db = await openDatabase(options)
  await migrateQueue(db.pool)
  if (seed) await seedExampleData(db.prisma)
  // Rows from before secrets were encrypted are encrypted now, once.
  await sealPlainSecrets(db.prisma, new SecretBox(masterKey))
  return assembleAppContext(db, masterKey)
}

const holder = globalThis as typeof globalThis & { __agentloomApp?: Promise<AppContext> }

/**
 * The process's app context, opened on first use. Never during `next build`: a build must need no
 * database (a page that reaches this while prerendering is missing its request-time marker), so it
 * fails loudly instead of starting the embedded server and leaving a data folder behind.
 */
export function getAppContext(): Promise<AppContext> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    return Promise.reject(new Error('The app context was asked for while `next build` prerendered a page: pages that read data must render on request.'))
  }
  holder.__agentloomApp ??= createAppContext(databaseOptionsFromEnv()).catch((error) => {
    holder.__agentloomApp = undefined
    throw error
  })
  return holder.__agentloomApp
}

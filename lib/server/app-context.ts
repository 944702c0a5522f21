/**
 * What every server module is handed: one database and the services on it, made once per process by the composition
 * root (app-assembly.ts). This module holds only the shape, so that a feature naming it imports nothing that runs.
 */
import type { TaskList } from 'graphile-worker'
import type { Database } from './db/database'
import type { ApprovalBroker } from './approvals/approval-broker'
import type { McpConnectionPool } from './mcp/mcp-connection-pool'
import type { McpTaskRegistry } from './mcp/mcp-task-registry'
import type { RunEventLog } from './runs/events/run-event-log'
import type { PgNotifications } from './db/pg-notifications'
import type { RunNowHost } from './runs/queue/run-now'
import type { CheckedVersions } from './runs/checked-versions'
import type { VersionDocuments } from './runs/version-documents'
import type { ApiTokenService } from './auth/api-tokens'
import type { SessionLifetime } from './auth/session-lifetime'
import type { SignInThrottle } from './auth/sign-in-throttle'
import type { Auth } from './auth/auth'
import type { SecretScopes } from './secret-vault/secret-scopes'
import type { SecretVault } from './secret-vault/secret-vault'
import type { OutboundPolicy } from './outbound/outbound-policy'
import type { RowChangeWatch } from './db/row-change-watch'
import type { WatchedCache } from './db/watched-cache'
import type { WorkspaceAccess } from './auth/memberships'
import type { KeptSession } from './auth/kept-sessions'
import type { AgentLookups } from './responses/response-model'

export interface AppContext {
  db: Database
  /** This process's one LISTEN connection, fanned out (run events, approvals, cancels). */
  notifications: PgNotifications
  events: RunEventLog
  /** Announces changes to the rows this process keeps in memory because every API call reads them (db/row-change-watch.ts). */
  rowChanges: RowChangeWatch
  approvals: ApprovalBroker
  /** The runs this process is executing, so a cancel taken here stops them at once. */
  activeRuns: Map<string, AbortController>
  /** Long-running MCP tasks of those runs, so that a person's Cancel reaches the tool holding each. */
  mcpTasks: McpTaskRegistry
  /** The MCP connections runs share (servers with `shareConnection`), kept open between runs; closed with the process. */
  mcpPool: McpConnectionPool
  /** The installation's master key: secrets at rest and sign-in cookies use keys derived from it. */
  masterKey: Buffer
  /** Seals secrets at rest and cuts configured secrets out of outside text (events, errors, logs). */
  secrets: SecretVault
  /** Which secrets a run or a conversation can see: its text is redacted with those only. */
  secretScopes: SecretScopes
  auth: Auth
  /** Failed password sign-ins per e-mail address, and the lockouts they earn. */
  signInThrottle: SignInThrottle
  apiTokens: ApiTokenService
  /** By user id: a browser session's workspaces, as last read (auth/authenticate.ts). */
  workspaceAccess: WatchedCache<WorkspaceAccess>
  /** Browser sessions as Better Auth last found them (auth/kept-sessions.ts). */
  sessions: WatchedCache<KeptSession | null>
  /** The agents Responses requests name, as last found (responses/response-model.ts). */
  agentLookups: AgentLookups
  /** How long a browser session lasts without use, and at most (AGENTLOOM_SESSION_IDLE_MINUTES, AGENTLOOM_SESSION_MAX_HOURS). */
  sessionLifetime: SessionLifetime
  /** Which addresses members' MCP servers and agents' model base URLs may reach (AGENTLOOM_OUTBOUND_ALLOW). */
  outbound: OutboundPolicy
  /** Workflow versions whose create check this process already made and may reuse (runs/checked-versions.ts). */
  checkedVersions: CheckedVersions
  /** Saved versions as the documents runs compile, parsed and checked once per process (runs/version-documents.ts). */
  versionDocuments: VersionDocuments
  /** The run worker this process hosts, once started: runs people wait for start on it at once (runs/queue/run-now.ts). */
  localWorker?: RunNowHost
  /**
   * The jobs of the features above the runs (experiment steps, schedules) that a run worker's queue runs beside its
   * own. They are composed here, in the composition root, so that the worker, a floor below them, names none of them.
   */
  workerJobs(app: AppContext, options: WorkerJobOptions): TaskList
}

export interface WorkerJobOptions {
  /** The experiments' safety step (experiment-jobs.ts; default EXPERIMENT_SAFETY_STEP_MS): tests set it beyond themselves. */
  experimentSafetyStepMs?: number
}

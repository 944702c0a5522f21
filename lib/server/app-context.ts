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
import { ApiTokenService } from './auth/api-tokens'
import { createAuth, oidcConfigFromEnv, type Auth, type OidcConfig } from './auth/auth'
import { loadMasterKey } from './secrets/master-key'
import { installLogRedaction } from './secrets/log-redaction'
import { sealPlainSecrets } from './secrets/rotate'
import { SecretBox } from './secrets/secret-box'
import { SecretVault } from './secrets/secret-vault'

export interface AppContext {
  db: Database
  events: RunEventLog
  approvals: ApprovalBroker
  /** The runs this process is executing, so a cancel taken here stops them at once. */
  activeRuns: Map<string, AbortController>
  /** Long-running MCP tasks of those runs, so that a person's Cancel reaches the tool holding each. */
  mcpTasks: McpTaskRegistry
  /** The installation's master key: secrets at rest and sign-in cookies use keys derived from it. */
  masterKey: Buffer
  /** Seals secrets at rest and cuts configured secrets out of outside text (events, errors, logs). */
  secrets: SecretVault
  auth: Auth
  apiTokens: ApiTokenService
}

export interface AppContextOptions {
  seed?: boolean
  masterKey?: Buffer
}

/** The parts of an AppContext built on an open database (shared by the app and the test app). */
export function assembleAppContext(db: Database, masterKey: Buffer, { oidc = oidcConfigFromEnv() }: { oidc?: OidcConfig } = {}): AppContext {
  const secrets = new SecretVault(db.prisma, masterKey)
  installLogRedaction(secrets)
  // Every event is redacted before it is stored, so the API, SSE and shared views only ever see redacted data.
  const events = new RunEventLog(db, (data) => secrets.redactValue(data))
  const auth = createAuth({ prisma: db.prisma, masterKey, publicUrl: process.env.AGENTLOOM_PUBLIC_URL || undefined, oidc })
  return {
    db,
    events,
    approvals: new ApprovalBroker(db, events, (value) => secrets.redactValue(value)),
    activeRuns: new Map(),
    mcpTasks: new McpTaskRegistry(),
    masterKey,
    secrets,
    auth,
    apiTokens: new ApiTokenService(db.prisma),
  }
}

export async function createAppContext(options: DatabaseOptions, { seed = true, masterKey = loadMasterKey() }: AppContextOptions = {}): Promise<AppContext> {
  const db = await openDatabase(options)
  if (seed) await seedExampleData(db.prisma)
  // Rows from before secrets were encrypted are encrypted now, once.
  await sealPlainSecrets(db.prisma, new SecretBox(masterKey))
  return assembleAppContext(db, masterKey)
}

const holder = globalThis as typeof globalThis & { __agentloomApp?: Promise<AppContext> }

export function getAppContext(): Promise<AppContext> {
  holder.__agentloomApp ??= createAppContext(databaseOptionsFromEnv()).catch((error) => {
    holder.__agentloomApp = undefined
    throw error
  })
  return holder.__agentloomApp
}

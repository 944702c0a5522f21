/**
 * The installation's secrets, for the server's own use: the box that seals them at rest, and the
 * redactors that cut configured secrets out of outside text.
 *
 * - `scopedRedactor(scope)`: what a member's data is redacted with (run events, outputs, approvals,
 *   conversations, probes). Only the secrets of the MCP servers and agents the scope names, and the
 *   app's own (the master key, the secrets the server was started with: OPENAI_API_KEY,
 *   AGENTLOOM_THREAT_PROTECTION_TOKEN, …), never another member's: a value someone stores on their
 *   own server must not erase text in everybody's runs.
 * - `installationRedactor()` / `redactNow`: every server's and agent's secrets, for the host's own
 *   log and telemetry (log-redaction.ts), which are not a member's data.
 *
 * Both are cached: run events are appended at a high rate. This process's writes invalidate them at
 * once; writes from another process (a worker, a second web process) are noticed by a cheap stamp
 * query at most every `STAMP_CHECK_MS`, and a run that connects its servers rechecks first.
 */
import type { Prisma } from '../db/database'
import { openAgentApiKey } from '../agents/agent-api-key'
import { openCredentialKey } from '../credentials/credential-secret'
import { openServerSecrets, serverSecretValues } from '../mcp/mcp-server-secrets'
import { resolveMcpServers } from '../mcp/mcp-server-lookup'
import type { NameOwner } from '../auth/name-owner'
import { NO_SECRETS, SecretRedactor } from '../secrets/redaction'
import { SecretBox } from '../secrets/secret-box'
import { splitUrlSecrets, URL_SECRET_MARK, urlSecretValues } from '../secrets/url-secrets'

const STAMP_CHECK_MS = 1_000

/** Environment variables that carry credentials, by name. */
const SECRET_ENV_NAME = /(^|_)(API_KEY|TOKEN|SECRET|SECRET_KEY|CLIENT_SECRET|PASSWORD|PASSWD)$/i
const SECRET_ENV_URLS = ['DATABASE_URL', 'OPENAI_BASE_URL', 'AGENTLOOM_THREAT_PROTECTION_URL']

/** The secrets the server itself was configured with, from its environment. */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const values: string[] = []
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue
    if (SECRET_ENV_NAME.test(name)) values.push(value)
    else if (SECRET_ENV_URLS.includes(name)) values.push(...urlSecretValues(splitUrlSecrets(value).secrets))
  }
  return values
}

/** What a redactor cuts out besides the app's own secrets (see SecretVault.scopedRedactor). */
export interface SecretScope {
  /** MCP servers whose headers, environment values and URL secrets are cut out. */
  mcpServerIds?: readonly string[]
  /** Saved agents whose own API keys are cut out. */
  agentIds?: readonly string[]
  /** Workspace model credentials (issue #32) whose keys are cut out. */
  credentialIds?: readonly string[]
  /** Whose servers and agents may count (the run's workspace scope): ids of other workspaces' are ignored. */
  owner?: { workspaceId?: string | null }
  /**
   * Whose server ids `mcpServerIds` are (the document's owner, auth/name-owner.ts): an id then means
   * that owner's server only, not every server of that id `owner` may see.
   */
  serverOwner?: NameOwner
  /** Values the caller holds (a server being probed). */
  values?: readonly string[]
}

/** Scoped redactors kept at once; the oldest goes first. */
const SCOPED_CACHE_SIZE = 500

function scopeKey({ mcpServerIds = [], agentIds = [], credentialIds = [], owner, serverOwner, values = [] }: SecretScope): string {
  const sorted = (ids: readonly string[]) => [...new Set(ids)].sort()
  return JSON.stringify([sorted(mcpServerIds), sorted(agentIds), sorted(credentialIds), owner?.workspaceId, serverOwner ?? null, values])
}

export interface SecretVaultOptions {
  env?: Readonly<Record<string, string | undefined>>
  logger?: Pick<Console, 'error'>
  /** How long a stamp read stays current (default STAMP_CHECK_MS); a test that counts statements holds it still. */
  stampCheckMs?: number
}

export class SecretVault {
  readonly box: SecretBox
  private readonly env: Readonly<Record<string, string | undefined>>
  private readonly logger: Pick<Console, 'error'>
  private readonly stampCheckMs: number
  /** The last redactor built; stale once `fresh` is false, but kept for `redactNow`. */
  private latest: SecretRedactor = NO_SECRETS
  private fresh = false
  private building: Promise<SecretRedactor> | undefined
  private stamp = ''
  private checkedAt = 0
  private generation = 0
  /** After a failed rebuild started by a log line, the next one waits a little (the database may be gone). */
  private retryAt = 0

  private readonly masterKeyForms: string[]
  private readonly scoped = new Map<string, Promise<SecretRedactor>>()
  private scopedStamp: string | undefined
  private scopedCheckedAt = 0
  private scopedStampReading: Promise<void> | undefined

  constructor(
    private readonly prisma: Prisma,
    masterKey: Buffer,
    options: SecretVaultOptions = {},
  ) {
    this.box = new SecretBox(masterKey)
    this.masterKeyForms = [masterKey.toString('base64'), masterKey.toString('base64url'), masterKey.toString('hex')]
    this.env = options.env ?? process.env
    this.logger = options.logger ?? console
    this.stampCheckMs = options.stampCheckMs ?? STAMP_CHECK_MS
  }

  /**
   * Makes the next use look at the stamp at once: servers may have been configured a moment ago
   * in another process. The redactor is rebuilt only if the stamp says something changed.
   */
  recheck(): void {
    this.checkedAt = 0
    this.scopedCheckedAt = 0
  }

  /** Forget the redactors: MCP servers' secrets changed. */
  invalidate(): void {
    this.generation += 1
    this.fresh = false
    this.building = undefined
    this.scoped.clear()
    this.scopedStamp = undefined
  }

  /**
   * The redactor for what `scope` can see: its servers' and agents' secrets and the app's own
   * (built on first use per scope, rebuilt when servers or agents change).
   */
  async scopedRedactor(scope: SecretScope): Promise<SecretRedactor> {
    if (this.scopedStamp === undefined || Date.now() - this.scopedCheckedAt >= this.stampCheckMs) {
      this.scopedStampReading ??= this.checkScopedStamp().finally(() => (this.scopedStampReading = undefined))
      await this.scopedStampReading
    }
    const key = scopeKey(scope)
    const cached = this.scoped.get(key)
    if (cached) return cached
    const built = this.buildScoped(scope)
    if (this.scoped.size >= SCOPED_CACHE_SIZE) this.scoped.delete(this.scoped.keys().next().value!)
    this.scoped.set(key, built)
    built.catch(() => this.scoped.delete(key))
    return built
  }

  /** The installation's redactor, every member's secrets in it: for the host's log and telemetry only. */
  async installationRedactor(): Promise<SecretRedactor> {
    if (this.fresh && Date.now() - this.checkedAt < this.stampCheckMs) return this.latest
    this.building ??= this.refresh().finally(() => (this.building = undefined))
    return this.building
  }

  /**
   * For code that cannot wait (log lines): the last redactor built, which may miss a secret
   * configured a moment ago; starts a rebuild when it is stale.
   */
  redactNow(text: string): string {
    // Not logged when it fails: the log line would come back here (see log-redaction.ts).
    if (!this.fresh && !this.building && Date.now() >= this.retryAt) {
      void this.installationRedactor().catch(() => {
        this.retryAt = Date.now() + this.stampCheckMs
      })
    }
    return this.latest.redact(text)
  }

  private async refresh(): Promise<SecretRedactor> {
    const generation = this.generation
    const stamp = await this.readStamp()
    if (this.fresh && stamp === this.stamp) {
      this.checkedAt = Date.now()
      return this.latest
    }
    const redactor = await this.build()
    if (generation === this.generation) {
      this.latest = redactor
      this.fresh = true
      this.stamp = stamp
      this.checkedAt = Date.now()
    }
    return redactor
  }

  /**
   * Changes whenever a server or a credential is created, changed or deleted, and whenever an agent's key is set or
   * removed. What the redactors depend on, in one statement: how many servers, keyed agents and credentials there are and when
   * each kind last changed (a deletion changes the count, an edit the time). Raw SQL: it is read every second while
   * the process is busy, and Prisma's query compiler cost more CPU than the statement.
   */
  private async readStamp(): Promise<string> {
    const [{ stamp }] = await this.prisma.$queryRawUnsafe<{ stamp: string }[]>(
      `SELECT concat_ws(':',
         (SELECT count(*) FROM "McpServer"), COALESCE((SELECT max("updatedAt") FROM "McpServer")::text, '-'),
         (SELECT count(*) FROM "Agent" WHERE "apiKey" IS NOT NULL), COALESCE((SELECT max("updatedAt") FROM "Agent" WHERE "apiKey" IS NOT NULL)::text, '-'),
         (SELECT count(*) FROM "ProviderCredential"), COALESCE((SELECT max("updatedAt") FROM "ProviderCredential")::text, '-')) AS stamp`,
    )
    return stamp
  }

  private async checkScopedStamp(): Promise<void> {
    const stamp = await this.readStamp()
    this.scopedCheckedAt = Date.now()
    if (stamp !== this.scopedStamp) {
      this.scoped.clear()
      this.scopedStamp = stamp
    }
  }

  /** The app's own secrets: the master key and the environment's. */
  private appSecrets(): string[] {
    return [...this.masterKeyForms, ...environmentSecrets(this.env)]
  }

  private async buildScoped({
    mcpServerIds = [],
    agentIds = [],
    credentialIds = [],
    owner = {},
    serverOwner,
    values = [],
  }: SecretScope): Promise<SecretRedactor> {
    const [servers, agents, credentials] = await Promise.all([
      mcpServerIds.length === 0
        ? []
        : serverOwner
          ? resolveMcpServers(this.prisma, mcpServerIds, serverOwner).then((found) => [...found.values()])
          : this.prisma.mcpServer.findMany({ where: { id: { in: [...mcpServerIds] }, ...owner }, select: { id: true, config: true, secrets: true } }),
      agentIds.length === 0
        ? []
        : this.prisma.agent.findMany({ where: { id: { in: [...agentIds] }, apiKey: { not: null }, ...owner }, select: { id: true, apiKey: true } }),
      credentialIds.length === 0
        ? []
        : this.prisma.providerCredential.findMany({ where: { id: { in: [...credentialIds] }, ...workspaceOf(owner) }, select: { id: true, secret: true } }),
    ])
    return new SecretRedactor([...this.appSecrets(), ...values, ...this.serverValues(servers), ...this.agentKeys(agents), ...this.credentialKeys(credentials)])
  }

  private async build(): Promise<SecretRedactor> {
    const servers = await this.prisma.mcpServer.findMany({ select: { id: true, config: true, secrets: true } })
    const agents = await this.prisma.agent.findMany({ where: { apiKey: { not: null } }, select: { id: true, apiKey: true } })
    const credentials = await this.prisma.providerCredential.findMany({ select: { id: true, secret: true } })
    return new SecretRedactor([...this.appSecrets(), ...this.serverValues(servers), ...this.agentKeys(agents), ...this.credentialKeys(credentials)])
  }

  private serverValues(rows: ReadonlyArray<{ id: string; config: unknown; secrets: unknown }>): string[] {
    const values: string[] = []
    for (const row of rows) {
      // A URL stored before its secret parts were split out still has them.
      const url = (row.config as { url?: unknown } | null)?.url
      if (typeof url === 'string') values.push(...urlSecretValues(splitUrlSecrets(url).secrets).filter((value) => value !== URL_SECRET_MARK))
      try {
        values.push(...serverSecretValues(openServerSecrets(this.box, row.secrets)))
      } catch (error) {
        // A row sealed with another key cannot leak through this process either: it cannot read it.
        this.logger.error(`[secrets] the secrets of MCP server '${row.id}' cannot be read: ${(error as Error).message}`)
      }
    }
    return values
  }

  private agentKeys(agents: ReadonlyArray<{ id: string; apiKey: string | null }>): string[] {
    const values: string[] = []
    for (const agent of agents) {
      try {
        const apiKey = openAgentApiKey(this.box, agent.apiKey)
        if (apiKey !== undefined) values.push(apiKey)
      } catch (error) {
        this.logger.error(`[secrets] the API key of agent '${agent.id}' cannot be read: ${(error as Error).message}`)
      }
    }
    return values
  }

  private credentialKeys(credentials: ReadonlyArray<{ id: string; secret: string }>): string[] {
    const values: string[] = []
    for (const credential of credentials) {
      try {
        const apiKey = openCredentialKey(this.box, credential.secret)
        if (apiKey !== undefined) values.push(apiKey)
      } catch (error) {
        this.logger.error(`[secrets] the key of credential '${credential.id}' cannot be read: ${(error as Error).message}`)
      }
    }
    return values
  }
}

/** Credentials always belong to a workspace: a scope of no workspace (rows from before workspaces) sees none of them. */
function workspaceOf(owner: { workspaceId?: string | null }): { workspaceId?: string } {
  if (!('workspaceId' in owner) || owner.workspaceId === undefined) return {}
  return owner.workspaceId === null ? { workspaceId: '' } : { workspaceId: owner.workspaceId }
}

/**
 * The installation's secrets, for the server's own use: the box that seals them at rest, and the
 * redactor that cuts every configured secret out of outside text. The redactor is built from all
 * MCP servers' secrets (decrypted; URL parts included), the agents' own API keys, and the secrets the server was started
 * with (OPENAI_API_KEY, AGENTLOOM_THREAT_PROTECTION_TOKEN, …), and cached: run events are
 * appended at a high rate. This process's writes invalidate it at once; writes from another
 * process (a worker, a second web process) are noticed by a cheap stamp query at most every
 * `STAMP_CHECK_MS`, and a run that connects its servers refreshes it first.
 */
import type { Prisma } from '../db/database'
import { openAgentApiKey } from '../agents/agent-api-key'
import { openServerSecrets, serverSecretValues } from '../mcp/mcp-server-secrets'
import { NO_SECRETS, SecretRedactor } from './redaction'
import { SecretBox } from './secret-box'
import { splitUrlSecrets, URL_SECRET_MARK, urlSecretValues } from './url-secrets'

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

export interface SecretVaultOptions {
  env?: Readonly<Record<string, string | undefined>>
  logger?: Pick<Console, 'error'>
}

export class SecretVault {
  readonly box: SecretBox
  private readonly env: Readonly<Record<string, string | undefined>>
  private readonly logger: Pick<Console, 'error'>
  /** The last redactor built; stale once `fresh` is false, but kept for `redactNow`. */
  private latest: SecretRedactor = NO_SECRETS
  private fresh = false
  private building: Promise<SecretRedactor> | undefined
  private stamp = ''
  private checkedAt = 0
  private generation = 0
  /** After a failed rebuild started by a log line, the next one waits a little (the database may be gone). */
  private retryAt = 0

  constructor(
    private readonly prisma: Prisma,
    masterKey: Buffer,
    options: SecretVaultOptions = {},
  ) {
    this.box = new SecretBox(masterKey)
    this.env = options.env ?? process.env
    this.logger = options.logger ?? console
  }

  /**
   * Makes the next use look at the stamp at once: servers may have been configured a moment ago
   * in another process. The redactor is rebuilt only if the stamp says something changed.
   */
  recheck(): void {
    this.checkedAt = 0
  }

  /** Forget the redactor: MCP servers' secrets changed. */
  invalidate(): void {
    this.generation += 1
    this.fresh = false
    this.building = undefined
  }

  /** The current redactor (built on first use, rebuilt when the servers change). */
  async redactor(): Promise<SecretRedactor> {
    if (this.fresh && Date.now() - this.checkedAt < STAMP_CHECK_MS) return this.latest
    this.building ??= this.refresh().finally(() => (this.building = undefined))
    return this.building
  }

  async redact(text: string): Promise<string> {
    return (await this.redactor()).redact(text)
  }

  async redactValue<T>(value: T): Promise<T> {
    return (await this.redactor()).redactValue(value)
  }

  /**
   * For code that cannot wait (log lines): the last redactor built, which may miss a secret
   * configured a moment ago; starts a rebuild when it is stale.
   */
  redactNow(text: string): string {
    // Not logged when it fails: the log line would come back here (see log-redaction.ts).
    if (!this.fresh && !this.building && Date.now() >= this.retryAt) {
      void this.redactor().catch(() => {
        this.retryAt = Date.now() + STAMP_CHECK_MS
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

  /** Changes whenever a server is created, changed or deleted, and whenever an agent's key is set or removed. */
  private async readStamp(): Promise<string> {
    const [servers, agents] = await Promise.all([
      this.prisma.mcpServer.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
      this.prisma.agent.aggregate({ where: { apiKey: { not: null } }, _count: { _all: true }, _max: { updatedAt: true } }),
    ])
    return `${servers._count._all}:${servers._max.updatedAt?.getTime() ?? 0}:${agents._count._all}:${agents._max.updatedAt?.getTime() ?? 0}`
  }

  private async build(): Promise<SecretRedactor> {
    const rows = await this.prisma.mcpServer.findMany({ select: { id: true, config: true, secrets: true } })
    const values = environmentSecrets(this.env)
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
    const agents = await this.prisma.agent.findMany({ where: { apiKey: { not: null } }, select: { id: true, apiKey: true } })
    for (const agent of agents) {
      try {
        const apiKey = openAgentApiKey(this.box, agent.apiKey)
        if (apiKey !== undefined) values.push(apiKey)
      } catch (error) {
        this.logger.error(`[secrets] the API key of agent '${agent.id}' cannot be read: ${(error as Error).message}`)
      }
    }
    return new SecretRedactor(values)
  }
}

/**
 * The MCP servers an agent node can reference. Connection settings are split in two: `config`
 * (command, args, url) may be shown to people; `secrets` (headers, environment values) are used
 * only to connect and never leave the server — no API response, log or shared page carries them.
 */
import { z } from 'zod'
import type { Prisma } from '../db/database'
import { parseWith } from '../http'
import { validationError } from '../http-errors'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { requireBase, staleVersion } from '../save-base'
import {
  createMcpServerRequestSchema,
  stdioConfigSchema,
  urlConfigSchema,
  type ManifestImportSummary,
  type McpServerDetail,
  type McpServerSummary,
  type McpTestResult,
  type RemovedMcpServer,
  type StdioAccess,
  type StdioConfig,
  type UrlConfig,
  type WorkflowReference,
  importManifestRequestSchema,
  parseServerConfig,
  SHARED_ON_DEMAND_ISSUES,
  sharesOnDemandConnection,
  updateMcpServerRequestSchema,
  type CreateServerInput,
  type ImportManifestInput,
  type McpTransport,
  type SecretsPatch,
  type UpdateServerInput,
} from '@/lib/contracts/mcp-servers'
import { readMcpServerSettings, type McpServerSettings } from '@/lib/contracts/mcp-server-settings'
import { presentMcpServer, presentMcpServerDetail, type McpServerRow as Row } from './mcp-server-views'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { isAdmin, requireRole, targetWorkspace, visibleTo, toRole, type Principal } from '../auth/principal'
import { nameOwnerFrom, nameOwnerOf, ownerNamesWhere } from '../auth/name-owner'
import { resolveMcpServer } from './mcp-server-lookup'
import { assertMayConfigureStdio, assertMayStartStdio, stdioAccessFor } from './mcp-server-access'
import { auditServerCreated, auditServerDeleted, auditServerUpdated } from './mcp-server-audit'
import { allWorkflowsReferencingServer, visibleReferences, workflowsReferencingServer, type OwnedWorkflowReference } from './mcp-server-references'
import type { SecretVault } from '../secret-vault/secret-vault'
import type { OutboundPolicy } from '../outbound/outbound-policy'
import { importToolingManifest, previewToolingManifest } from '../mcp/manifest-import'
import { importDesktopClientConfig, isDesktopClientConfig } from './desktop-config-import'
import { isTooDeeplyNested } from '../json-limits'
import { joinUrlSecrets, maskUrl, NO_URL_SECRETS, splitUrlSecrets, URL_SECRET_MARK, type UrlSecrets } from '../secrets/url-secrets'
import {
  mergeSecrets,
  openServerSecrets,
  sealServerSecrets,
  secretKindFor,
  secretsForTransport,
  type ServerSecrets,
  type StoredSecrets,
} from './mcp-server-secrets'

export const secretsSchema = z.object({
  env: z.record(z.string(), z.string()).default({}),
  headers: z.record(z.string(), z.string()).default({}),
})

/** What connecting needs besides the transport's settings. */
interface McpServerConnectionBase {
  id: string
  /** The stored row (none for a configuration not saved): ids are unique per owner only, so a shared connection is named by this. */
  rowId?: string
  name: string
  /** Agents list the server's tools and load the ones they need (MCPTool's useProgressiveDisclosure). */
  loadToolsOnDemand: boolean
  /** Runs share one connection, kept open between them (mcp-connection-pool.ts). */
  shareConnection: boolean
  /** When the row last changed: a shared connection is reused only while its configuration is current. */
  updatedAt: Date
  secrets: z.infer<typeof secretsSchema>
  /** Allowed tools, extra argument names, sampling policy, task options. */
  settings: McpServerSettings
  /**
   * The server belongs to an admin: its URL may reach any address. Any other server's URL (a
   * member's, or nobody's) reaches only what the outbound policy allows, and what goes wrong in
   * connecting is told without the remote side's words.
   */
  ownerIsAdmin?: boolean
}

export type McpServerConfig =
  | (McpServerConnectionBase & { transport: 'stdio'; config: z.infer<typeof stdioConfigSchema> })
  | (McpServerConnectionBase & { transport: 'http' | 'websocket'; config: z.infer<typeof urlConfigSchema> })

/**
 * The `config` and `secrets` columns to write: a URL's secret parts replaced by `[secret]` and
 * sealed with the other secrets. `[secret]` parts of a URL sent back keep the values in `previous`.
 */
function sealedColumns(box: SecretVault['box'], config: StdioConfig | UrlConfig, secrets: StoredSecrets, previous: UrlSecrets = NO_URL_SECRETS) {
  if (!('url' in config)) return { config: configJson(config), secrets: sealServerSecrets(box, { ...secrets, url: NO_URL_SECRETS }) }
  const split = splitUrlSecrets(config.url, previous)
  if (split.unknownMarks.length) {
    const message = `there is no stored value for ${split.unknownMarks.map((name) => `'${name}'`).join(', ')}: type the value instead of ${URL_SECRET_MARK}.`
    throw invalidInput('invalid_request', `Invalid MCP server configuration: config.url: ${message}`, { issues: [{ path: 'config.url', message }] })
  }
  return { config: configJson({ url: split.url }), secrets: sealServerSecrets(box, { ...secrets, url: split.secrets }) }
}

/** The stored configuration, for re-sealing a row whose configuration is not being changed. */
function storedConfigFor(transport: McpTransport, config: unknown): StdioConfig | UrlConfig {
  return (transport === 'stdio' ? stdioConfigSchema : urlConfigSchema).parse(config)
}

/** JSON for the config column, without undefined members. */
function configJson(config: StdioConfig | UrlConfig): { [key: string]: string | string[] } {
  const json: { [key: string]: string | string[] } = {}
  for (const [key, value] of Object.entries(config)) if (value !== undefined) json[key] = value
  return json
}

function parseConfigFor(transport: McpTransport, config: unknown): StdioConfig | UrlConfig {
  const parsed = parseServerConfig(transport, config)
  if (!parsed.success) throw validationError(parsed.error, 'MCP server configuration')
  return parsed.data.config
}

/** Secrets of a kind the transport never uses would be stored and silently ignored: refuse them. */
function refuseUnusedSecrets(patch: SecretsPatch | undefined, transport: McpTransport): void {
  const used = secretKindFor(transport)
  for (const kind of ['env', 'headers'] as const) {
    if (kind === used) continue
    const setting = Object.entries(patch?.[kind] ?? {}).filter(([, value]) => value !== null)
    if (setting.length === 0) continue
    const message = transport === 'stdio' ? 'stdio servers take environment values, not headers.' : `${transport} servers take headers, not environment values.`
    throw invalidInput('invalid_request', `Invalid MCP server: secrets.${kind}: ${message}`, { issues: [{ path: `secrets.${kind}`, message }] })
  }
}

/** A patch that turns one of the two on while the stored server has the other on (a patch with both fails its contract). */
function refuseSharedOnDemand(merged: { shareConnection: boolean; loadToolsOnDemand: boolean }): void {
  if (!sharesOnDemandConnection(merged)) return
  const summary = SHARED_ON_DEMAND_ISSUES.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
  throw invalidInput('invalid_request', `Invalid MCP server update: ${summary}`, { issues: SHARED_ON_DEMAND_ISSUES.map((issue) => ({ ...issue })) })
}

/**
 * What a configuration runs or where it connects, comparable across writes: keys sorted (jsonb
 * keeps its own key order) and URLs with their secret parts masked (stored URLs hold `[secret]`).
 */
function connectionTarget(transport: McpTransport, config: unknown): string {
  if (transport !== 'stdio') {
    const url = urlConfigSchema.safeParse(config)
    return JSON.stringify({ url: url.success ? maskUrl(url.data.url) : null })
  }
  const stdio = stdioConfigSchema.safeParse(config)
  if (!stdio.success) return JSON.stringify(null)
  return JSON.stringify({ command: stdio.data.command, args: stdio.data.args, cwd: stdio.data.cwd ?? null })
}

/** 409 naming the workflows a change would affect (those the principal may see, and how many others). */
function confirmRequired(principal: Principal, id: string, references: readonly OwnedWorkflowReference[]) {
  const affected = visibleReferences(principal, references)
  const others = references.length - affected.length
  const count = references.length === 1 ? '1 workflow uses' : `${references.length} workflows use`
  return conflict('confirm_required', `${count} MCP server '${id}': this change applies to all their runs. Send confirm: true to make it.`, {
    affected,
    others,
  })
}

/** The document as a value, when its text parses (else the manifest parser reports why, as before). */
function parsedDocument(manifest: string | Record<string, unknown>): unknown {
  if (typeof manifest !== 'string') return manifest
  if (isTooDeeplyNested(manifest)) return undefined
  try {
    return JSON.parse(manifest)
  } catch {
    return undefined
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002'
}

function alreadyExists(id: string) {
  return conflict('mcp_server_exists', `An MCP server with id '${id}' already exists.`)
}

/**
 * Connects to a server, lists its tools and closes (mcp-server-probe's probeMcpServer). The probe
 * connects the way a run does, through mcp-connections, which reads this registry: so the registry
 * is handed the probe by whoever builds it (services.ts) instead of importing it.
 */
export type McpServerProbe = (
  server: McpServerConfig,
  options: { timeoutMs?: number; secrets: SecretVault; outbound?: OutboundPolicy },
) => Promise<McpTestResult>

/**
 * A URL the outbound policy refuses, as a 400 at save time so that its owner learns it then
 * (connecting checks again: DNS answers change, and the pinned connection is the real guard).
 */
async function assertUrlAllowed(outbound: OutboundPolicy, url: string): Promise<void> {
  const refusal = await outbound.refusalOf(url)
  if (!refusal) return
  throw invalidInput('outbound_address_refused', `Invalid MCP server configuration: config.url: ${refusal.message}`, {
    issues: [{ path: 'config.url', message: refusal.message }],
  })
}

export class McpServerRegistry {
  constructor(
    private readonly prisma: Prisma,
    /** Seals secrets at rest; told when they change, so that redaction follows. */
    private readonly vault: SecretVault,
    /** For test(); registries that only read configurations (a run's connections) need none. */
    private readonly probe?: McpServerProbe,
    /** Checks members' server URLs when they are saved and tested; registries that only read configurations need none. */
    private readonly outbound?: OutboundPolicy,
  ) {}

  /** A URL server of someone other than an admin: its address must pass the outbound policy. */
  private async assertOwnersUrlAllowed(ownerIsAdmin: boolean, config: StdioConfig | UrlConfig): Promise<void> {
    if (ownerIsAdmin || !this.outbound || !('url' in config)) return
    await assertUrlAllowed(this.outbound, config.url)
  }

  private async isAdminUser(prisma: Pick<Prisma, 'user'>, userId: string | null): Promise<boolean> {
    if (userId === null) return false
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { role: true } })
    return toRole(user?.role) === 'admin'
  }

  private openSecrets(row: Pick<Row, 'secrets'>): ServerSecrets {
    return openServerSecrets(this.vault.box, row.secrets)
  }

  /** The servers the principal may see (admins: all). */
  async list(principal: Principal, workspaceId?: string): Promise<McpServerSummary[]> {
    const rows = await this.prisma.mcpServer.findMany({
      where: { ...visibleTo(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) },
      orderBy: { name: 'asc' },
    })
    return rows.map(presentMcpServer)
  }

  /** Whether the principal may add stdio servers, and why not (for the page's form). */
  stdioAccess(principal: Principal): StdioAccess {
    return stdioAccessFor(principal)
  }

  /** `workspaceId`: whose server of this id (default: the caller's personal workspace's). */
  async get(principal: Principal, id: string, workspaceId?: string): Promise<McpServerDetail> {
    return presentMcpServerDetail(await this.requireVisibleRow(this.prisma, principal, id, workspaceId))
  }

  /** The workflows the principal may see whose saved versions use the server (404 for a server they cannot see). */
  async references(principal: Principal, id: string, workspaceId?: string): Promise<WorkflowReference[]> {
    return workflowsReferencingServer(this.prisma, principal, await this.requireVisibleRow(this.prisma, principal, id, workspaceId))
  }

  /**
   * Creates a server in the named workspace (editor there) or the principal's personal one; stdio servers only by
   * admins, and only while the deployment allows them.
   */
  async create(principal: Principal, input: CreateServerInput, workspaceId?: string): Promise<McpServerDetail> {
    const server = parseWith(createMcpServerRequestSchema, input, 'MCP server')
    const workspace = targetWorkspace(principal, workspaceId, 'editor')
    if (server.transport === 'stdio') assertMayConfigureStdio(principal, server.config.command)
    await this.assertOwnersUrlAllowed(isAdmin(principal), server.config)
    // Ids are unique per workspace: another workspace's server of this id is none of the principal's business (and not revealed).
    if (
      await this.prisma.mcpServer.findFirst({ where: { id: server.id, ...ownerNamesWhere(nameOwnerFrom(workspace, principal.role)) }, select: { id: true } })
    ) {
      throw alreadyExists(server.id)
    }
    const secrets: StoredSecrets = server.transport === 'stdio' ? { env: server.secrets.env, headers: {} } : { env: {}, headers: server.secrets.headers }
    const columns = sealedColumns(this.vault.box, server.config, secrets)
    try {
      return await this.prisma.$transaction(async (tx) => {
        const row = await tx.mcpServer.create({
          data: {
            id: server.id,
            name: server.name,
            description: server.description,
            ownerId: principal.userId,
            workspaceId: workspace,
            updatedById: principal.userId,
            enabled: server.enabled,
            loadToolsOnDemand: server.loadToolsOnDemand,
            shareConnection: server.shareConnection,
            settings: server.settings,
            transport: server.transport,
            config: columns.config,
            secrets: columns.secrets,
          },
        })
        const detail = presentMcpServerDetail(row)
        await auditServerCreated(tx, principal.userId, detail)
        this.vault.invalidate()
        return detail
      })
    } catch (error) {
      // Someone created the same id between the check and the insert.
      if (isUniqueViolation(error)) throw alreadyExists(server.id)
      throw error
    }
  }

  /**
   * Changes what the patch names. `config` replaces the whole configuration and is required when
   * the transport changes; secrets merge (a value sets a key, null removes it, others stay), and
   * secrets the new transport does not use are dropped with the change. Changing what a stdio
   * server runs (command, args, cwd, environment, or switching to stdio) is an admin action.
   * Changing what a server runs or where it connects while workflows use it needs `confirm: true`;
   * without it the answer is 409 `confirm_required` listing them in `details.affected`.
   * `base` is the server's version the change started from: when it was saved again since, nothing
   * changes (409 `stale_version`); `'current'` (an import told to update what exists) replaces any.
   */
  async update(
    principal: Principal,
    id: string,
    input: UpdateServerInput,
    base: number | 'current' | undefined,
    workspaceId?: string,
  ): Promise<McpServerDetail> {
    const patch = parseWith(updateMcpServerRequestSchema, input, 'MCP server update')
    return this.prisma.$transaction(async (tx) => {
      const row = await this.requireVisibleRow(tx, principal, id, workspaceId, 'editor')
      const transport = patch.transport ?? row.transport
      if (transport !== row.transport && patch.config === undefined) {
        const message = `A new configuration is required when the transport changes to ${transport}.`
        throw invalidInput('invalid_request', `Invalid MCP server update: config: ${message}`, { issues: [{ path: 'config', message }] })
      }
      const config = patch.config === undefined ? undefined : parseConfigFor(transport, patch.config)
      if (config !== undefined) await this.assertOwnersUrlAllowed(await this.isAdminUser(tx, row.ownerId), config)
      refuseUnusedSecrets(patch.secrets, transport)
      refuseSharedOnDemand({
        shareConnection: patch.shareConnection ?? row.shareConnection,
        loadToolsOnDemand: patch.loadToolsOnDemand ?? row.loadToolsOnDemand,
      })
      const connectionChanged =
        transport !== row.transport || (config !== undefined && connectionTarget(transport, config) !== connectionTarget(row.transport, row.config))
      const envChanged = Object.keys(patch.secrets?.env ?? {}).length > 0
      if (transport === 'stdio' && (connectionChanged || envChanged)) {
        assertMayConfigureStdio(principal, stdioConfigSchema.parse(config ?? row.config).command)
      }
      const expected = base === 'current' ? row.version : requireBase(base, 'MCP server')
      if (row.version !== expected) throw await this.staleVersion(tx, row, expected)
      const affected = connectionChanged ? await allWorkflowsReferencingServer(tx, row) : undefined
      if (affected?.length && patch.confirm !== true) throw confirmRequired(principal, id, affected)
      const stored = this.openSecrets(row)
      const secrets = secretsForTransport(mergeSecrets(stored, patch.secrets), transport)
      // Without a new configuration the stored one is kept, re-sealed (a row from before encryption gets encrypted here).
      const columns = sealedColumns(this.vault.box, config ?? storedConfigFor(transport, row.config), secrets, stored.url)
      // The version in the condition: of two changes from the same version, the one that waited for the other's row lock changes nothing.
      const { count } = await tx.mcpServer.updateMany({
        where: { rowId: row.rowId, version: expected },
        data: {
          version: { increment: 1 },
          updatedById: principal.userId,
          name: patch.name,
          description: patch.description,
          enabled: patch.enabled,
          loadToolsOnDemand: patch.loadToolsOnDemand,
          shareConnection: patch.shareConnection,
          settings: patch.settings,
          transport,
          config: columns.config,
          secrets: columns.secrets,
        },
      })
      const updated = await tx.mcpServer.findUnique({ where: { rowId: row.rowId } })
      if (!updated) throw notFound('MCP server', id)
      if (count === 0) throw await this.staleVersion(tx, updated, expected)
      const detail = presentMcpServerDetail(updated)
      this.vault.invalidate()
      await auditServerUpdated(tx, principal.userId, {
        before: presentMcpServerDetail(row),
        after: detail,
        secrets: patch.secrets,
        affectedWorkflows: affected,
      })
      return detail
    })
  }

  /** Deletes the server; the answer lists the workflows that used it (the UI shows them before asking). */
  async remove(principal: Principal, id: string, workspaceId?: string): Promise<RemovedMcpServer> {
    return this.prisma.$transaction(async (tx) => {
      const row = await this.requireVisibleRow(tx, principal, id, workspaceId, 'editor')
      const references = await allWorkflowsReferencingServer(tx, row)
      const { count } = await tx.mcpServer.deleteMany({ where: { rowId: row.rowId } })
      if (count === 0) throw notFound('MCP server', id)
      await auditServerDeleted(tx, principal.userId, presentMcpServerDetail(row), references)
      this.vault.invalidate()
      return { deleted: id, referencedBy: visibleReferences(principal, references) }
    })
  }

  /** Connects with a short timeout, lists the tools, closes. Failures are results, not errors. */
  async test(principal: Principal, id: string, options: { timeoutMs?: number; workspaceId?: string } = {}): Promise<McpTestResult> {
    if (!this.probe) throw new Error('This McpServerRegistry was built without a probe, so it cannot test connections.')
    const row = await this.requireVisibleRow(this.prisma, principal, id, options.workspaceId, 'runner')
    const config = await this.connectionConfig({ rowId: row.rowId })
    if (config.transport === 'stdio') assertMayStartStdio(config.config.command)
    // The server's answer is outside text: this server's secrets and the app's own are cut out of it (not every member's).
    const redactor = await this.vault.scopedRedactor({ mcpServerIds: [id], owner: { workspaceId: row.workspaceId } })
    return redactor.redactValue(await this.probe(config, { ...options, secrets: this.vault, outbound: this.outbound }))
  }

  /**
   * Imports a ToolingManifest.json, or a desktop MCP client's `{"mcpServers": {…}}` configuration,
   * as servers of the named workspace (editor there; default: the principal's personal one), as adding them one by one
   * would; an invalid document is a 400 whose details list every problem.
   */
  async importManifest(principal: Principal, input: ImportManifestInput, workspaceId?: string): Promise<ManifestImportSummary> {
    const body = parseWith(importManifestRequestSchema, input, 'manifest import')
    // Even a preview: which ids a workspace holds is for its editors to know.
    targetWorkspace(principal, workspaceId, 'editor')
    const document = parsedDocument(body.manifest)
    if (isDesktopClientConfig(document)) {
      return importDesktopClientConfig(this.prisma, this, principal, document, { onExisting: body.onExisting, dryRun: body.dryRun, workspaceId })
    }
    try {
      if (body.dryRun) {
        return await previewToolingManifest(this.prisma, body.manifest, principal, {
          serverUrlBase: body.serverUrlBase,
          onExisting: body.onExisting === 'update' ? 'replace' : 'skip',
          workspaceId,
        })
      }
      return await importToolingManifest(this.prisma, body.manifest, principal, {
        workspaceId,
        secretBox: this.vault.box,
        checkUrl: isAdmin(principal) || !this.outbound ? undefined : (url) => assertUrlAllowed(this.outbound!, url),
        onExisting: body.onExisting === 'update' ? 'replace' : 'skip',
        serverUrlBase: body.serverUrlBase,
      })
    } catch (error) {
      const problems = (error as { code?: unknown; problems?: unknown } | null)?.problems
      if ((error as { code?: unknown } | null)?.code === 'tooling_manifest_invalid' && Array.isArray(problems)) {
        throw invalidInput('tooling_manifest_invalid', (error as Error).message, { problems })
      }
      throw error
    }
  }

  /**
   * The full configuration, secrets included, for connecting. Server-side use only, and without
   * an ownership check: callers decide first whose rights apply (a request's principal, a run's owner)
   * and name the row they found. An id alone names the only server of that id (tools and tests).
   */
  async connectionConfig(server: string | { rowId: string }): Promise<McpServerConfig> {
    const rows =
      typeof server === 'string'
        ? await this.prisma.mcpServer.findMany({ where: { id: server }, take: 2 })
        : [await this.prisma.mcpServer.findUnique({ where: server })]
    const row = rows.length === 1 ? rows[0] : undefined
    if (!row) throw notFound('MCP server', typeof server === 'string' ? server : server.rowId)
    const { url, ...secrets } = this.openSecrets(row)
    const owner = row.ownerId === null ? null : await this.prisma.user.findUnique({ where: { id: row.ownerId }, select: { role: true } })
    const base = {
      id: row.id,
      rowId: row.rowId,
      name: row.name,
      loadToolsOnDemand: row.loadToolsOnDemand,
      shareConnection: row.shareConnection,
      updatedAt: row.updatedAt,
      secrets,
      settings: readMcpServerSettings(row.settings),
      ownerIsAdmin: toRole(owner?.role) === 'admin',
    }
    if (row.transport === 'stdio') return { ...base, transport: 'stdio', config: stdioConfigSchema.parse(row.config) }
    // The stored URL has `[secret]` where its secret parts go; they are put back only here.
    return { ...base, transport: row.transport, config: { url: joinUrlSecrets(urlConfigSchema.parse(row.config).url, url) } }
  }

  private async staleVersion(prisma: Pick<Prisma, 'user'>, row: Row, base: number) {
    const savedBy = row.updatedById ? await prisma.user.findUnique({ where: { id: row.updatedById }, select: { id: true, name: true } }) : null
    return staleVersion('MCP server', base, { version: row.version, savedAt: row.updatedAt.toISOString(), savedBy })
  }

  /**
   * The server of this id in the named workspace, else in the principal's personal one (an admin's: that, else the
   * only one of the id anyone has); otherwise the same 404 as for a server that does not exist. 403 when the
   * principal's role there is less than `role`.
   */
  private async requireVisibleRow(
    prisma: Pick<Prisma, 'mcpServer'>,
    principal: Principal,
    id: string,
    workspaceId?: string,
    role: WorkspaceRole = 'viewer',
  ): Promise<Row & { rowId: string; ownerId: string | null; workspaceId: string | null }> {
    const row = await resolveMcpServer(prisma, id, nameOwnerOf(principal, workspaceId))
    if (!row) throw notFound('MCP server', id)
    requireRole(principal, row.workspaceId, role)
    return row
  }
}

/**
 * The MCP servers an agent node can reference. Connection settings are split in two: `config`
 * (command, args, url) may be shown to people; `secrets` (headers, environment values) are used
 * only to connect and never leave the server — no API response, log or shared page carries them.
 */
import { z } from 'zod'
import type { Prisma } from '../db/database'
import { parseWith } from '../http'
import { badRequest, conflict, notFound, validationError } from '../http-errors'
import {
  createServerBody,
  importManifestBody,
  parseServerConfig,
  updateServerBody,
  type CreateServerInput,
  type ImportManifestInput,
  type McpTransport,
  type SecretsPatch,
  type UpdateServerInput,
} from './mcp-server-contracts'
import type { McpProbeResult } from './mcp-server-probe'
import { workflowsReferencingServer, type WorkflowReference } from './mcp-server-references'
import { mergeSecrets, secretKindFor, secretKeysOf, secretsForTransport, type SecretKeys, type StoredSecrets } from './mcp-server-secrets'

export const stdioConfigSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Relative to the app's working directory. */
  cwd: z.string().optional(),
})
export const urlConfigSchema = z.object({ url: z.string().url() })
export const secretsSchema = z.object({
  env: z.record(z.string(), z.string()).default({}),
  headers: z.record(z.string(), z.string()).default({}),
})

/** What connecting needs besides the transport's settings. */
interface McpServerConnectionBase {
  id: string
  name: string
  /** Agents list the server's tools and load the ones they need (MCPTool's useProgressiveDisclosure). */
  loadToolsOnDemand: boolean
  secrets: z.infer<typeof secretsSchema>
}

export type McpServerConfig =
  | (McpServerConnectionBase & { transport: 'stdio'; config: z.infer<typeof stdioConfigSchema> })
  | (McpServerConnectionBase & { transport: 'http' | 'websocket'; config: z.infer<typeof urlConfigSchema> })

export interface McpServerView {
  id: string
  name: string
  description: string
  transport: 'stdio' | 'http' | 'websocket'
  enabled: boolean
  /** Agents get list/load/unload tools for this server instead of every tool. */
  loadToolsOnDemand: boolean
  summary: string
}

type Row = {
  id: string
  name: string
  description: string
  transport: 'stdio' | 'http' | 'websocket'
  config: unknown
  secrets: unknown
  enabled: boolean
  loadToolsOnDemand: boolean
}

function summarise(row: Row): string {
  if (row.transport === 'stdio') {
    const config = stdioConfigSchema.safeParse(row.config)
    return config.success ? [config.data.command, ...config.data.args].join(' ') : '(invalid configuration)'
  }
  const config = urlConfigSchema.safeParse(row.config)
  if (!config.success) return '(invalid configuration)'
  // Query strings can carry tokens: show only origin and path.
  const url = new URL(config.data.url)
  return `${url.origin}${url.pathname}`
}

export function presentMcpServer(row: Row): McpServerView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    enabled: row.enabled,
    loadToolsOnDemand: row.loadToolsOnDemand,
    summary: summarise(row),
  }
}

/** What an edit form needs: the configuration as stored, and the names — never the values — of the secrets. */
export interface McpServerDetail extends McpServerView {
  /** `{ command, args, cwd? }` or `{ url }`; null when the stored configuration is invalid. */
  config: StdioConfig | UrlConfig | null
  secretKeys: SecretKeys
}

export type StdioConfig = z.infer<typeof stdioConfigSchema>
export type UrlConfig = z.infer<typeof urlConfigSchema>

function storedConfig(row: Row): StdioConfig | UrlConfig | null {
  const parsed = (row.transport === 'stdio' ? stdioConfigSchema : urlConfigSchema).safeParse(row.config)
  return parsed.success ? parsed.data : null
}

function storedSecrets(row: Pick<Row, 'secrets'>): StoredSecrets {
  return secretsSchema.parse(row.secrets ?? {})
}

export function presentMcpServerDetail(row: Row): McpServerDetail {
  return { ...presentMcpServer(row), config: storedConfig(row), secretKeys: secretKeysOf(storedSecrets(row)) }
}

export interface RemovedMcpServer {
  deleted: string
  /** Workflows whose saved versions used the server; their runs now fail with "MCP server '…' not found". */
  referencedBy: WorkflowReference[]
}

export interface ManifestImportSummary {
  created: string[]
  updated: string[]
  skipped: string[]
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
    throw badRequest('invalid_request', `Invalid MCP server: secrets.${kind}: ${message}`, { issues: [{ path: `secrets.${kind}`, message }] })
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002'
}

function alreadyExists(id: string) {
  return conflict('mcp_server_exists', `An MCP server with id '${id}' already exists.`)
}

export class McpServerRegistry {
  constructor(private readonly prisma: Prisma) {}

  async list(): Promise<McpServerView[]> {
    const rows = await this.prisma.mcpServer.findMany({ orderBy: { name: 'asc' } })
    return rows.map(presentMcpServer)
  }

  async get(id: string): Promise<McpServerDetail> {
    return presentMcpServerDetail(await this.requireRow(id))
  }

  /** The workflows whose saved versions use the server (404 for an unknown server). */
  async references(id: string): Promise<WorkflowReference[]> {
    await this.requireRow(id)
    return workflowsReferencingServer(this.prisma, id)
  }

  async create(input: CreateServerInput): Promise<McpServerDetail> {
    const server = parseWith(createServerBody, input, 'MCP server')
    if (await this.prisma.mcpServer.findUnique({ where: { id: server.id }, select: { id: true } })) throw alreadyExists(server.id)
    const secrets: StoredSecrets = server.transport === 'stdio' ? { env: server.secrets.env, headers: {} } : { env: {}, headers: server.secrets.headers }
    try {
      const row = await this.prisma.mcpServer.create({
        data: {
          id: server.id,
          name: server.name,
          description: server.description,
          enabled: server.enabled,
          loadToolsOnDemand: server.loadToolsOnDemand,
          transport: server.transport,
          config: configJson(server.config),
          secrets: { env: secrets.env, headers: secrets.headers },
        },
      })
      return presentMcpServerDetail(row)
    } catch (error) {
      // Someone created the same id between the check and the insert.
      if (isUniqueViolation(error)) throw alreadyExists(server.id)
      throw error
    }
  }

  /**
   * Changes what the patch names. `config` replaces the whole configuration and is required when
   * the transport changes; secrets merge (a value sets a key, null removes it, others stay), and
   * secrets the new transport does not use are dropped with the change.
   */
  async update(id: string, input: UpdateServerInput): Promise<McpServerDetail> {
    const patch = parseWith(updateServerBody, input, 'MCP server update')
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.mcpServer.findUnique({ where: { id } })
      if (!row) throw notFound('MCP server', id)
      const transport = patch.transport ?? row.transport
      if (transport !== row.transport && patch.config === undefined) {
        const message = `A new configuration is required when the transport changes to ${transport}.`
        throw badRequest('invalid_request', `Invalid MCP server update: config: ${message}`, { issues: [{ path: 'config', message }] })
      }
      const config = patch.config === undefined ? undefined : parseConfigFor(transport, patch.config)
      refuseUnusedSecrets(patch.secrets, transport)
      const secrets = secretsForTransport(mergeSecrets(storedSecrets(row), patch.secrets), transport)
      const updated = await tx.mcpServer.update({
        where: { id },
        data: {
          name: patch.name,
          description: patch.description,
          enabled: patch.enabled,
          loadToolsOnDemand: patch.loadToolsOnDemand,
          transport,
          ...(config === undefined ? {} : { config: configJson(config) }),
          secrets: { env: secrets.env, headers: secrets.headers },
        },
      })
      return presentMcpServerDetail(updated)
    })
  }

  /** Deletes the server; the answer lists the workflows that used it (the UI shows them before asking). */
  async remove(id: string): Promise<RemovedMcpServer> {
    const referencedBy = await this.references(id)
    const { count } = await this.prisma.mcpServer.deleteMany({ where: { id } })
    if (count === 0) throw notFound('MCP server', id)
    return { deleted: id, referencedBy }
  }

  /** Connects with a short timeout, lists the tools, closes. Failures are results, not errors. */
  async test(id: string, options: { timeoutMs?: number } = {}): Promise<McpProbeResult> {
    const config = await this.connectionConfig(id)
    // Loaded on first use: it pulls in the MCP client, and it imports this module back.
    const { probeMcpServer } = await import('./mcp-server-probe')
    return probeMcpServer(config, options)
  }

  /** Imports a ToolingManifest.json; an invalid manifest is a 400 whose details list every problem. */
  async importManifest(input: ImportManifestInput): Promise<ManifestImportSummary> {
    const body = parseWith(importManifestBody, input, 'manifest import')
    // Loaded on first use: the tooling imports this module's schemas.
    const { importToolingManifest } = await import('../tooling/manifest-import')
    try {
      return await importToolingManifest(this.prisma, body.manifest, {
        onExisting: body.onExisting === 'update' ? 'replace' : 'skip',
        serverUrlBase: body.serverUrlBase,
      })
    } catch (error) {
      const problems = (error as { code?: unknown; problems?: unknown } | null)?.problems
      if ((error as { code?: unknown } | null)?.code === 'tooling_manifest_invalid' && Array.isArray(problems)) {
        throw badRequest('tooling_manifest_invalid', (error as Error).message, { problems })
      }
      throw error
    }
  }

  /** The full configuration, secrets included, for connecting. Server-side use only. */
  async connectionConfig(id: string): Promise<McpServerConfig> {
    const row = await this.prisma.mcpServer.findUnique({ where: { id } })
    if (!row) throw notFound('MCP server', id)
    const base = { id: row.id, name: row.name, loadToolsOnDemand: row.loadToolsOnDemand, secrets: secretsSchema.parse(row.secrets ?? {}) }
    if (row.transport === 'stdio') return { ...base, transport: 'stdio', config: stdioConfigSchema.parse(row.config) }
    return { ...base, transport: row.transport, config: urlConfigSchema.parse(row.config) }
  }

  private async requireRow(id: string): Promise<Row> {
    const row = await this.prisma.mcpServer.findUnique({ where: { id } })
    if (!row) throw notFound('MCP server', id)
    return row
  }
}

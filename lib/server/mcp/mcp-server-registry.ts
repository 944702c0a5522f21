/**
 * The MCP servers an agent node can reference. Connection settings are split in two: `config`
 * (command, args, url) may be shown to people; `secrets` (headers, environment values) are used
 * only to connect and never leave the server — no API response, log or shared page carries them.
 */
import { z } from 'zod'
import type { Prisma } from '../db/database'
import { notFound } from '../http-errors'

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

export type McpServerConfig =
  | { id: string; name: string; transport: 'stdio'; config: z.infer<typeof stdioConfigSchema>; secrets: z.infer<typeof secretsSchema> }
  | { id: string; name: string; transport: 'http' | 'websocket'; config: z.infer<typeof urlConfigSchema>; secrets: z.infer<typeof secretsSchema> }

export interface McpServerView {
  id: string
  name: string
  description: string
  transport: 'stdio' | 'http' | 'websocket'
  enabled: boolean
  summary: string
}

type Row = { id: string; name: string; description: string; transport: 'stdio' | 'http' | 'websocket'; config: unknown; secrets: unknown; enabled: boolean }

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
  return { id: row.id, name: row.name, description: row.description, transport: row.transport, enabled: row.enabled, summary: summarise(row) }
}

export class McpServerRegistry {
  constructor(private readonly prisma: Prisma) {}

  async list(): Promise<McpServerView[]> {
    const rows = await this.prisma.mcpServer.findMany({ orderBy: { name: 'asc' } })
    return rows.map(presentMcpServer)
  }

  /** The full configuration, secrets included, for connecting. Server-side use only. */
  async connectionConfig(id: string): Promise<McpServerConfig> {
    const row = await this.prisma.mcpServer.findUnique({ where: { id } })
    if (!row) throw notFound('MCP server', id)
    const secrets = secretsSchema.parse(row.secrets ?? {})
    if (row.transport === 'stdio') return { id: row.id, name: row.name, transport: 'stdio', config: stdioConfigSchema.parse(row.config), secrets }
    return { id: row.id, name: row.name, transport: row.transport, config: urlConfigSchema.parse(row.config), secrets }
  }
}

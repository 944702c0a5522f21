/**
 * What the API shows of a stored MCP server row: a summary for lists and a detail for the edit
 * form, never a secret (a URL's secret parts read `[secret]`).
 */
import { stdioConfigSchema, urlConfigSchema, type McpServerDetail, type McpServerSummary, type StdioConfig, type UrlConfig } from '@/lib/contracts/mcp-servers'
import { readMcpServerSettings } from '@/lib/contracts/mcp-server-settings'
import { maskUrl } from '../secrets/url-secrets'
import { secretKeysOfColumn } from './mcp-server-secrets'

/** An McpServer row as the registry reads it. */
export type McpServerRow = {
  id: string
  name: string
  description: string
  transport: 'stdio' | 'http' | 'websocket'
  config: unknown
  secrets: unknown
  enabled: boolean
  loadToolsOnDemand: boolean
  shareConnection: boolean
  settings: unknown
  version: number
  updatedAt: Date
  updatedById: string | null
}

function summarise(row: McpServerRow): string {
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

export function presentMcpServer(row: McpServerRow): McpServerSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    enabled: row.enabled,
    loadToolsOnDemand: row.loadToolsOnDemand,
    shareConnection: row.shareConnection,
    summary: summarise(row),
    version: row.version,
  }
}

/** The stored configuration, with the secret parts of a URL shown as `[secret]` (also in rows from before they were split out). */
function storedConfig(row: McpServerRow): StdioConfig | UrlConfig | null {
  if (row.transport === 'stdio') {
    const parsed = stdioConfigSchema.safeParse(row.config)
    return parsed.success ? parsed.data : null
  }
  const parsed = urlConfigSchema.safeParse(row.config)
  return parsed.success ? { url: maskUrl(parsed.data.url) } : null
}

export function presentMcpServerDetail(row: McpServerRow): McpServerDetail {
  return { ...presentMcpServer(row), config: storedConfig(row), secretKeys: secretKeysOfColumn(row.secrets), settings: readMcpServerSettings(row.settings) }
}

/**
 * The MCP server API as the browser sees it. Secrets go in (`secrets: { env, headers }`) but
 * never come back: a server shows only the names of its secrets (`secretKeys`).
 */
import { ApiError, fetchJson, postJson } from '@/components/runs/api-client'

export type McpTransport = 'stdio' | 'http' | 'websocket'

export interface McpServerSummary {
  id: string
  name: string
  description: string
  transport: McpTransport
  enabled: boolean
  /** Agents list the server's tools and load the ones they need, instead of being offered all of them. */
  loadToolsOnDemand: boolean
  /** What it runs or where it connects, without secrets: "node examples/…mjs", "https://…". */
  summary: string
}

export interface StdioConfig {
  command: string
  args: string[]
  cwd?: string
}

export interface UrlConfig {
  url: string
}

export interface McpServerDetail extends McpServerSummary {
  config: StdioConfig | UrlConfig | null
  secretKeys: { env: string[]; headers: string[] }
}

export interface WorkflowReference {
  workflowId: string
  workflowName: string
  versions: number[]
  latest: boolean
}

export interface McpTestResult {
  ok: boolean
  tools: Array<{ name: string; description: string }>
  error?: string
}

export interface ManifestImportResult {
  created: string[]
  updated: string[]
  skipped: string[]
}

const base = '/api/mcp-servers'
const at = (id: string) => `${base}/${encodeURIComponent(id)}`

/** Whether the signed-in person may add stdio servers (and change what they run), and why not. */
export interface StdioAccess {
  enabled: boolean
  canConfigure: boolean
  reason?: string
  /** The commands the deployment allows; null when any command is allowed. */
  allowedCommands: string[] | null
}

export function listMcpServers(): Promise<{ servers: McpServerSummary[]; stdio: StdioAccess }> {
  return fetchJson(base)
}

export function getMcpServer(id: string): Promise<{ server: McpServerDetail; referencedBy: WorkflowReference[] }> {
  return fetchJson(at(id))
}

export async function createMcpServer(body: Record<string, unknown>): Promise<McpServerDetail> {
  return (await postJson<{ server: McpServerDetail }>(base, body)).server
}

export async function updateMcpServer(id: string, patch: Record<string, unknown>): Promise<McpServerDetail> {
  return (await fetchJson<{ server: McpServerDetail }>(at(id), { method: 'PATCH', body: JSON.stringify(patch) })).server
}

/** The workflows a change would affect, when the API asks for confirmation first (409 `confirm_required`). */
export function affectedWorkflowsOf(error: unknown): { affected: WorkflowReference[]; others: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'confirm_required') return null
  const details = error.details as { affected?: WorkflowReference[]; others?: number } | undefined
  return { affected: details?.affected ?? [], others: details?.others ?? 0 }
}

export function deleteMcpServer(id: string): Promise<{ deleted: string; referencedBy: WorkflowReference[] }> {
  return fetchJson(at(id), { method: 'DELETE' })
}

export function testMcpServer(id: string): Promise<McpTestResult> {
  return postJson(`${at(id)}/test`, {})
}

export function importManifest(body: { manifest: string; onExisting: 'skip' | 'update'; serverUrlBase?: string }): Promise<ManifestImportResult> {
  return postJson(`${base}/import`, body)
}

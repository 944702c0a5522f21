/**
 * The MCP server API as the browser sees it (shapes: lib/contracts/mcp-servers.ts). Secrets go in
 * (`secrets: { env, headers }`) but never come back: a server shows only the names of its secrets
 * (`secretKeys`).
 */
import { ApiError, fetchJson, fetchParsed, postJson } from '@/components/api-client'
import {
  confirmRequiredDetailsSchema,
  mcpServerListResponseSchema,
  type ConfirmRequiredDetails,
  type ImportManifestInput,
  type ManifestImportSummary,
  type McpServerDetail,
  type McpServerListResponse,
  type McpServerResponse,
  type McpTestResult,
  type RemovedMcpServer,
  type SavedMcpServerResponse,
} from '@/lib/contracts/mcp-servers'
import { inWorkspace } from '@/components/workspaces/current-workspace'

const base = '/api/mcp-servers'
// A server's id is unique within its workspace: `workspaceId` says which (without it, the person's personal one).
const at = (id: string, workspaceId: string | undefined, tail = '') => `${base}/${encodeURIComponent(id)}${tail}${inWorkspace(workspaceId)}`

/** The servers the signed-in person may see, and whether they may add stdio servers (and why not). */
export function listMcpServers(workspaceId?: string): Promise<McpServerListResponse> {
  return fetchParsed(mcpServerListResponseSchema, `${base}${inWorkspace(workspaceId)}`)
}

export function getMcpServer(id: string, workspaceId?: string): Promise<McpServerResponse> {
  return fetchJson(at(id, workspaceId))
}

export async function createMcpServer(body: Record<string, unknown>, workspaceId?: string): Promise<McpServerDetail> {
  return (await postJson<SavedMcpServerResponse>(`${base}${inWorkspace(workspaceId)}`, body)).server
}

export async function updateMcpServer(id: string, patch: Record<string, unknown>, workspaceId?: string): Promise<McpServerDetail> {
  return (await fetchJson<SavedMcpServerResponse>(at(id, workspaceId), { method: 'PATCH', body: JSON.stringify(patch) })).server
}

/** The workflows a change would affect, when the API asks for confirmation first (409 `confirm_required`). */
export function affectedWorkflowsOf(error: unknown): ConfirmRequiredDetails | null {
  if (!(error instanceof ApiError) || error.code !== 'confirm_required') return null
  const details = confirmRequiredDetailsSchema.partial().safeParse(error.details)
  const { affected = [], others = 0 } = details.success ? details.data : {}
  return { affected, others }
}

export function deleteMcpServer(id: string, workspaceId?: string): Promise<RemovedMcpServer> {
  return fetchJson(at(id, workspaceId), { method: 'DELETE' })
}

export function testMcpServer(id: string, workspaceId?: string): Promise<McpTestResult> {
  return postJson(at(id, workspaceId, '/test'), {})
}

/** `workspaceId`: where the servers are made (without it, the person's personal workspace). */
export function importManifest(body: ImportManifestInput, workspaceId?: string): Promise<ManifestImportSummary> {
  return postJson(`${base}/import${inWorkspace(workspaceId)}`, body)
}

/**
 * The Agents page's client for /api/agents (shapes: lib/contracts/agents.ts), each answer checked
 * against its contract. Errors arrive as ApiError with the server's code, message and details.
 */
import { inWorkspace } from '@/components/workspaces/current-workspace'
import { fetchParsed } from '@/components/api-client'
import {
  agentListResponseSchema,
  agentResponseSchema,
  agentVersionListResponseSchema,
  agentVersionResponseSchema,
  createdAgentResponseSchema,
  deletedAgentResponseSchema,
  fileRootListingSchema,
  updatedAgentResponseSchema,
  type AgentDefinition,
  type CreateAgentRequest,
  type UpdateAgentRequest,
} from '@/lib/contracts/agents'

const agentUrl = (id: string) => `/api/agents/${encodeURIComponent(id)}`

/** The agents of one workspace, or (without one) of every workspace the person sees. */
export async function listAgents(workspaceId?: string) {
  return (await fetchParsed(agentListResponseSchema, `/api/agents${inWorkspace(workspaceId)}`)).agents
}

export function getAgent(id: string) {
  return fetchParsed(agentResponseSchema, agentUrl(id))
}

export function createAgent(input: CreateAgentRequest) {
  return fetchParsed(createdAgentResponseSchema, '/api/agents', { method: 'POST', body: JSON.stringify(input) })
}

export async function updateAgent(id: string, changes: UpdateAgentRequest) {
  return (await fetchParsed(updatedAgentResponseSchema, agentUrl(id), { method: 'PATCH', body: JSON.stringify(changes) })).agent
}

export async function deleteAgent(id: string) {
  return (await fetchParsed(deletedAgentResponseSchema, agentUrl(id), { method: 'DELETE' })).deleted
}

export async function listAgentVersions(id: string) {
  return (await fetchParsed(agentVersionListResponseSchema, `${agentUrl(id)}/versions`)).versions
}

export async function getAgentVersion(id: string, version: number) {
  return (await fetchParsed(agentVersionResponseSchema, `${agentUrl(id)}/versions/${version}`)).version
}

/** Saves the definition as the version after `baseVersion`, the one it was edited from: 409 `stale_version` when another was saved since. */
export async function saveAgentVersion(id: string, input: { definition: AgentDefinition; note?: string; baseVersion: number }) {
  return (await fetchParsed(agentVersionResponseSchema, `${agentUrl(id)}/versions`, { method: 'POST', body: JSON.stringify(input) })).version
}

/** The folder roots the server allows and, under one, a folder's subfolders (the file-access picker). */
export function listFileRoots(query: { root?: string; folder?: string } = {}) {
  const params = new URLSearchParams()
  if (query.root !== undefined) params.set('root', query.root)
  if (query.folder) params.set('folder', query.folder)
  const search = params.toString()
  return fetchParsed(fileRootListingSchema, `/api/file-roots${search ? `?${search}` : ''}`)
}

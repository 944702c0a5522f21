/** A workspace's model credentials (issue #32); the fetch client itself is components/api-client.ts. */
import { fetchParsed } from '@/components/api-client'
import {
  credentialDeletedSchema,
  credentialListSchema,
  credentialViewSchema,
  type CreateCredentialRequest,
  type CredentialView,
  type UpdateCredentialRequest,
} from '@/lib/contracts/provider-credentials'
import { providerModelsResultSchema, type ProviderModelsResult } from '@/lib/contracts/provider-models'

const listUrl = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/credentials`
const oneUrl = (id: string) => `/api/credentials/${encodeURIComponent(id)}`

export async function listCredentials(workspaceId: string): Promise<CredentialView[]> {
  return (await fetchParsed(credentialListSchema, listUrl(workspaceId))).credentials
}

export function createCredential(workspaceId: string, body: CreateCredentialRequest): Promise<CredentialView> {
  return fetchParsed(credentialViewSchema, listUrl(workspaceId), { method: 'POST', body: JSON.stringify(body) })
}

export function updateCredential(id: string, body: UpdateCredentialRequest): Promise<CredentialView> {
  return fetchParsed(credentialViewSchema, oneUrl(id), { method: 'PATCH', body: JSON.stringify(body) })
}

export async function deleteCredential(id: string): Promise<void> {
  await fetchParsed(credentialDeletedSchema, oneUrl(id), { method: 'DELETE' })
}

/** The models a provider lists: with a workspace credential (its key, its address), or as the server would ask. */
export function listProviderModels(query: { provider: string; credentialId?: string; baseUrl?: string }): Promise<ProviderModelsResult> {
  const params = new URLSearchParams({ provider: query.provider })
  if (query.credentialId) params.set('credentialId', query.credentialId)
  else if (query.baseUrl) params.set('baseUrl', query.baseUrl)
  return fetchParsed(providerModelsResultSchema, `/api/provider-models?${params}`)
}

'use client'

/** A workspace's model credentials, and the models a provider lists for the model picker. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createCredential, deleteCredential, listCredentials, listProviderModels, updateCredential } from '@/components/credentials/credentials-api'
import type { CreateCredentialRequest, UpdateCredentialRequest } from '@/lib/contracts/provider-credentials'

export const credentialKeys = {
  all: ['credentials'] as const,
  workspace: (workspaceId: string) => [...credentialKeys.all, 'workspace', workspaceId] as const,
  models: (provider: string, credentialId: string, baseUrl: string) => ['provider-models', provider, credentialId, baseUrl] as const,
}

export function useCredentialsQuery(workspaceId: string | null | undefined) {
  return useQuery({ queryKey: credentialKeys.workspace(workspaceId ?? ''), queryFn: () => listCredentials(workspaceId!), enabled: Boolean(workspaceId) })
}

export function useCreateCredential(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCredentialRequest) => createCredential(workspaceId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: credentialKeys.workspace(workspaceId) }),
  })
}

export function useUpdateCredential(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateCredentialRequest & { id: string }) => updateCredential(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: credentialKeys.workspace(workspaceId) }),
  })
}

export function useDeleteCredential(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteCredential(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: credentialKeys.workspace(workspaceId) }),
  })
}

/** Asked when the person opens the model list (`enabled`), not on every render of the form. */
export function useProviderModelsQuery(query: { provider: string; credentialId?: string; baseUrl?: string }, enabled: boolean) {
  return useQuery({
    queryKey: credentialKeys.models(query.provider, query.credentialId ?? '', query.baseUrl ?? ''),
    queryFn: () => listProviderModels(query),
    enabled,
    staleTime: 60_000,
  })
}

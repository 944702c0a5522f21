'use client'

/** An agent's publications: the list (with today's usage), publishing, changing and revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createPublication, listPublications, revokePublication, updatePublication } from '@/components/publishing/publications-api'
import type { CreatePublicationRequest, PublicationView, UpdatePublicationRequest } from '@/lib/contracts/publications'

export const publicationKeys = {
  all: ['publications'] as const,
  ofAgent: (agentId: string) => [...publicationKeys.all, 'agent', agentId] as const,
}

export function usePublicationsQuery(agentId: string) {
  return useQuery({ queryKey: publicationKeys.ofAgent(agentId), queryFn: async () => (await listPublications(agentId)).publications })
}

export function useCreatePublication(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreatePublicationRequest) => createPublication(agentId, request),
    // Shown at once from the answer (a list still loading might otherwise land after it), then asked for again.
    onSuccess: async ({ publication }) => {
      await queryClient.cancelQueries({ queryKey: publicationKeys.ofAgent(agentId) })
      queryClient.setQueryData<PublicationView[]>(publicationKeys.ofAgent(agentId), (list) => [
        publication,
        ...(list ?? []).filter((p) => p.id !== publication.id),
      ])
      await queryClient.invalidateQueries({ queryKey: publicationKeys.ofAgent(agentId) })
    },
  })
}

export function useUpdatePublication(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePublicationRequest }) => updatePublication(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.ofAgent(agentId) }),
  })
}

export function useRevokePublication(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokePublication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.ofAgent(agentId) }),
  })
}

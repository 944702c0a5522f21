'use client'

/** An agent's publications: the list (with today's usage), publishing, changing and revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createPublication, listPublications, revokePublication, updatePublication } from '@/components/publishing/publications-api'
import type { CreatePublicationRequest, UpdatePublicationRequest } from '@/lib/contracts/publications'

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.ofAgent(agentId) }),
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

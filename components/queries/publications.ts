'use client'

/** An agent's or a workflow's publications: the list (with today's usage), publishing, changing and revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createPublication, listPublications, revokePublication, updatePublication, type PublishTarget } from '@/components/publishing/publications-api'
import type { CreatePublicationRequest, PublicationView, UpdatePublicationRequest } from '@/lib/contracts/publications'

export const publicationKeys = {
  all: ['publications'] as const,
  of: (target: PublishTarget) => [...publicationKeys.all, target.kind, target.id] as const,
}

export function usePublicationsQuery(target: PublishTarget) {
  return useQuery({ queryKey: publicationKeys.of(target), queryFn: async () => (await listPublications(target)).publications })
}

export function useCreatePublication(target: PublishTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreatePublicationRequest) => createPublication(target, request),
    // Shown at once from the answer (a list still loading might otherwise land after it), then asked for again.
    onSuccess: async ({ publication }) => {
      await queryClient.cancelQueries({ queryKey: publicationKeys.of(target) })
      queryClient.setQueryData<PublicationView[]>(publicationKeys.of(target), (list) => [publication, ...(list ?? []).filter((p) => p.id !== publication.id)])
      await queryClient.invalidateQueries({ queryKey: publicationKeys.of(target) })
    },
  })
}

export function useUpdatePublication(target: PublishTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePublicationRequest }) => updatePublication(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.of(target) }),
  })
}

export function useRevokePublication(target: PublishTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokePublication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.of(target) }),
  })
}

'use client'

/** A run's share links: the list, creating one and revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createShareLink, listShareLinks, revokeShareLink, sortShareLinks } from '@/components/share/share-links'
import type { CreateShareLinkRequest, ShareLinkView } from '@/lib/contracts/share-links'

export const shareLinkKeys = {
  all: ['share-links'] as const,
  ofRun: (runId: string) => [...shareLinkKeys.all, 'run', runId] as const,
}

/** The run's links, newest first. */
export function useShareLinksQuery(runId: string) {
  return useQuery({ queryKey: shareLinkKeys.ofRun(runId), queryFn: async () => sortShareLinks((await listShareLinks(runId)).shareLinks) })
}

/**
 * The answers to creating and revoking carry the link as it now is, so they go straight into the
 * cached list (no second request): a new link appears at once, a revoked one changes in place.
 */
function useUpdateRunLinks(runId: string) {
  const queryClient = useQueryClient()
  return (update: (links: ShareLinkView[]) => ShareLinkView[]) =>
    queryClient.setQueryData<ShareLinkView[]>(shareLinkKeys.ofRun(runId), (links) => update(links ?? []))
}

export function useCreateShareLink(runId: string) {
  const updateLinks = useUpdateRunLinks(runId)
  return useMutation({
    mutationFn: (request: CreateShareLinkRequest) => createShareLink(runId, request),
    onSuccess: ({ shareLink }) => updateLinks((links) => sortShareLinks([shareLink, ...links.filter((link) => link.id !== shareLink.id)])),
  })
}

export function useRevokeShareLink(runId: string) {
  const updateLinks = useUpdateRunLinks(runId)
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: ({ shareLink }, id) => updateLinks((links) => links.map((link) => (link.id === id ? { ...link, ...shareLink } : link))),
  })
}

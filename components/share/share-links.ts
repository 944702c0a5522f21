/** Share links of a run: the API calls and the small rules the panel shows. */
import { fetchJson, postJson } from '@/components/api-client'
import type { CreatedShareLink, CreateShareLinkRequest, ShareLinkView } from '@/lib/contracts/share-links'

export type ShareLinkState = 'active' | 'expired' | 'revoked'

export const EXPIRY_CHOICES = [
  { value: '', label: 'Never expires' },
  { value: '1', label: 'Expires in 1 hour' },
  { value: '24', label: 'Expires in 24 hours' },
  { value: '168', label: 'Expires in 7 days' },
  { value: '720', label: 'Expires in 30 days' },
] as const

export function listShareLinks(runId: string): Promise<{ shareLinks: ShareLinkView[] }> {
  return fetchJson(`/api/runs/${encodeURIComponent(runId)}/share-links`)
}

/** Instructions stay off unless the owner ticks the box: they are often the valuable part of a workflow. */
export function createShareLink(runId: string, { expiresInHours, includeInstructions, frameOrigins }: CreateShareLinkRequest): Promise<CreatedShareLink> {
  return postJson(`/api/runs/${encodeURIComponent(runId)}/share-links`, {
    ...(expiresInHours ? { expiresInHours } : {}),
    includeInstructions,
    ...(frameOrigins?.length ? { frameOrigins } : {}),
  })
}

/** The embedding sites the panel's field lists: one origin per line or comma; blanks dropped. */
export function parseFrameOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean)
}

export function revokeShareLink(id: string): Promise<{ shareLink: ShareLinkView }> {
  return fetchJson(`/api/share-links/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** The full URL to hand out, from the path the API returns and the page's origin. */
export function absoluteShareUrl(path: string, origin: string): string {
  return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).toString()
}

export function shareLinkState(link: Pick<ShareLinkView, 'revokedAt' | 'expiresAt'>, now: number): ShareLinkState {
  if (link.revokedAt) return 'revoked'
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return 'expired'
  return 'active'
}

/** Newest first; a list answer may come in any order. */
export function sortShareLinks(links: readonly ShareLinkView[]): ShareLinkView[] {
  return [...links].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Share links of a run: the API calls and the small rules the panel shows. */
import { fetchJson, postJson } from '@/components/runs/api-client'

export interface ShareLink {
  id: string
  /** Whether the shared page shows the agents' instructions. */
  includeInstructions: boolean
  createdAt: string
  expiresAt: string | null
  revokedAt: string | null
}

export interface CreatedShareLink {
  shareLink: ShareLink
  /** Shown once; only its hash is stored. */
  token: string
  /** The path `/share/<token>`. */
  url: string
}

export type ShareLinkState = 'active' | 'expired' | 'revoked'

export const EXPIRY_CHOICES = [
  { value: '', label: 'Never expires' },
  { value: '1', label: 'Expires in 1 hour' },
  { value: '24', label: 'Expires in 24 hours' },
  { value: '168', label: 'Expires in 7 days' },
  { value: '720', label: 'Expires in 30 days' },
] as const

export function listShareLinks(runId: string): Promise<{ shareLinks: ShareLink[] }> {
  return fetchJson(`/api/runs/${encodeURIComponent(runId)}/share-links`)
}

export interface ShareLinkOptions {
  expiresInHours?: number
  /** Off unless the owner ticks it: instructions are often the valuable part of a workflow. */
  includeInstructions: boolean
}

export function createShareLink(runId: string, { expiresInHours, includeInstructions }: ShareLinkOptions): Promise<CreatedShareLink> {
  return postJson(`/api/runs/${encodeURIComponent(runId)}/share-links`, { ...(expiresInHours ? { expiresInHours } : {}), includeInstructions })
}

export function revokeShareLink(id: string): Promise<{ shareLink: ShareLink }> {
  return fetchJson(`/api/share-links/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** The full URL to hand out, from the path the API returns and the page's origin. */
export function absoluteShareUrl(path: string, origin: string): string {
  return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).toString()
}

export function shareLinkState(link: ShareLink, now: number): ShareLinkState {
  if (link.revokedAt) return 'revoked'
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return 'expired'
  return 'active'
}

/** Newest first; a list answer may come in any order. */
export function sortShareLinks(links: readonly ShareLink[]): ShareLink[] {
  return [...links].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

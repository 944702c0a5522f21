/**
 * The approval a link names (`/approvals#approval-<id>`: the webhook's message, a browser notification): which one,
 * where the inbox has it, and what to say when it has not. Pure: the inbox's hook (use-approval-anchor.ts) does the
 * scrolling and focusing.
 */
import type { ApprovalView } from '@/lib/contracts/approvals'

const APPROVAL_HASH = /^#approval-([A-Za-z0-9-]{1,100})$/

/** The approval id of a `#approval-<id>` hash; null for any other hash. */
export function approvalIdFromHash(hash: string): string | null {
  return APPROVAL_HASH.exec(hash)?.[1] ?? null
}

/**
 * Where the inbox has the named approval: among the cards it shows (`listed`), among the waiting ones of another
 * workspace than the current one (`elsewhere`: widen the scope), or not among the waiting ones at all (`absent`: ask
 * the server what became of it).
 */
export type AnchorPlace = 'listed' | 'elsewhere' | 'absent'

export function placeOfAnchor(id: string, shown: readonly { id: string }[], waiting: readonly { id: string }[]): AnchorPlace {
  if (shown.some((approval) => approval.id === id)) return 'listed'
  return waiting.some((approval) => approval.id === id) ? 'elsewhere' : 'absent'
}

export type AnchorNotice = 'answered' | 'expired' | 'unknown'

export const ANCHOR_NOTICE_TEXT: Record<AnchorNotice, string> = {
  answered: 'The approval this link points to was already answered.',
  expired: 'The approval this link points to expired without an answer.',
  unknown: 'The approval this link points to is not one you can answer, or no longer exists.',
}

/**
 * What to say about an approval the inbox does not list, from what the server answered about it (null: it did not
 * let the person see it). Null while it still waits: the list, refreshed, will show it.
 */
export function anchorNotice(approval: Pick<ApprovalView, 'status' | 'expiresAt'> | null, now: number): AnchorNotice | null {
  if (approval === null) return 'unknown'
  if (approval.status === 'approved' || approval.status === 'denied') return 'answered'
  if (approval.status === 'expired' || Date.parse(approval.expiresAt) <= now) return 'expired'
  return null
}

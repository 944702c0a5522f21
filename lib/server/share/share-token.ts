/**
 * How a share token is found: only its SHA-256 is stored, and a link counts until it is revoked or
 * expires. Kept apart from the share service so that proxy.ts can look a token up (share-frame-origins.ts)
 * without loading the run services.
 */
import { createHash } from 'node:crypto'

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function isLiveShareLink(row: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): boolean {
  return !row.revokedAt && (!row.expiresAt || row.expiresAt > now)
}

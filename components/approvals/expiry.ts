/** Expiry countdowns for approvals. */

/** "0:45", "4:59", "1:02:03"; "expired" at or past zero. Rounds up so "0:00" never shows while time is left. */
export function formatCountdown(msRemaining: number): string {
  if (!Number.isFinite(msRemaining) || msRemaining <= 0) return 'expired'
  const totalSeconds = Math.ceil(msRemaining / 1_000)
  const hours = Math.floor(totalSeconds / 3_600)
  const minutes = Math.floor((totalSeconds % 3_600) / 60)
  const seconds = totalSeconds % 60
  const ss = seconds.toString().padStart(2, '0')
  if (hours > 0) return `${hours}:${minutes.toString().padStart(2, '0')}:${ss}`
  return `${minutes}:${ss}`
}

export function msUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null
  const at = Date.parse(iso)
  return Number.isNaN(at) ? null : at - now
}

/** "Expires in 4:59", "Expired", or null when the approval never expires. */
export function describeExpiry(expiresAt: string | null | undefined, now: number): string | null {
  const remaining = msUntil(expiresAt, now)
  if (remaining === null) return null
  return remaining <= 0 ? 'Expired' : `Expires in ${formatCountdown(remaining)}`
}

/** Under a minute left: worth drawing attention to. */
export function isExpiringSoon(expiresAt: string | null | undefined, now: number): boolean {
  const remaining = msUntil(expiresAt, now)
  return remaining !== null && remaining > 0 && remaining < 60_000
}

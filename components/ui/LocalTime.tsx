'use client'

import { useHydrated } from './use-hydrated'
import { formatDateTime, formatDateTimeUtc } from './date-time'

/** A date and time in the viewer's time zone (UTC while rendering on the server), as every page writes it. */
export function LocalTime({ iso, className, fallback = '—' }: { iso: string | null | undefined; className?: string; fallback?: string }) {
  // False on the server and while hydrating: the viewer's time zone is only known afterwards.
  const hydrated = useHydrated()
  if (!iso) return <span className={className}>{fallback}</span>
  return (
    <time dateTime={iso} className={className} title={iso}>
      {hydrated ? formatDateTime(iso, fallback) : formatDateTimeUtc(iso)}
    </time>
  )
}

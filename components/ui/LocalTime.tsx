'use client'

import { formatTimestamp } from './format'
import { useHydrated } from './use-now'

/** A timestamp in the viewer's time zone (UTC while rendering on the server). */
export function LocalTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const hydrated = useHydrated()
  if (!iso) return <span className={className}>—</span>
  const text = hydrated ? formatTimestamp(iso) : `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
  return (
    <time dateTime={iso} className={className} title={iso}>
      {text}
    </time>
  )
}

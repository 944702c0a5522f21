'use client'

import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs` while `active`; null during server rendering
 * and hydration, so that server and browser render the same markup.
 */
export function useNow(intervalMs = 1_000, active = true): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active])
  return now
}

'use client'

import { useEffect, useState, useSyncExternalStore } from 'react'

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

const subscribeNever = () => () => {}

/** False on the server and while hydrating, true afterwards (for anything that depends on the viewer's clock or time zone). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}

'use client'

import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False on the server and while the page hydrates, true once React handles events in the browser. A control whose
 * click only React can answer (a menu that opens) is disabled until then: a press on the server-rendered button
 * would otherwise be lost without a sign, which on a slow machine or connection is the first second of every page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}

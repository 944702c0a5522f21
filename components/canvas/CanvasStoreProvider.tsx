'use client'

import { SystemError } from '@/lib/core/browser'
import { createContext, useContext, useRef, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { createCanvasStore, type CanvasInit, type CanvasState, type CanvasStore } from './store'

const CanvasStoreContext = createContext<CanvasStore | null>(null)

/** Creates one store for the canvas below it, once (a new `init` does not replace a live store). */
export function CanvasStoreProvider({ init, children }: { init: CanvasInit; children: ReactNode }) {
  const storeRef = useRef<CanvasStore | null>(null)
  if (storeRef.current === null) storeRef.current = createCanvasStore(init)
  return <CanvasStoreContext.Provider value={storeRef.current}>{children}</CanvasStoreContext.Provider>
}

export function useCanvasStoreApi(): CanvasStore {
  const store = useContext(CanvasStoreContext)
  if (!store) throw new SystemError('useCanvasStore must be used inside <CanvasStoreProvider>.')
  return store
}

/**
 * Selects from the canvas store. Selections are compared shallowly, so selecting an object of
 * several fields (`s => ({ nodes: s.nodes, undo: s.undo })`) re-renders only when one changes.
 */
export function useCanvasStore<T>(selector: (state: CanvasState) => T): T {
  return useStore(useCanvasStoreApi(), useShallow(selector))
}

/**
 * A person's breakpoints on a workflow, kept in this browser (localStorage) per workflow: they are debugging state of
 * whoever debugs, not part of the workflow everyone edits, and they reach the server only with a debug run's request.
 * One store per page: the inspector's toggles, the nodes' red dots and the Run dialog all see the same breakpoints.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { breakpointSchema, type Breakpoint } from '@/lib/contracts/run-debug'

const keyOf = (workflowId: string) => `agentloom:breakpoints:${workflowId}`
const NONE: Breakpoint[] = []

/** Parsed once per workflow and kept, so that a snapshot stays the same object until it changes. */
const cache = new Map<string, Breakpoint[]>()
const listeners = new Set<() => void>()

function readBreakpoints(workflowId: string): Breakpoint[] {
  const cached = cache.get(workflowId)
  if (cached) return cached
  let read = NONE
  try {
    const parsed = breakpointSchema.array().safeParse(JSON.parse(window.localStorage.getItem(keyOf(workflowId)) ?? '[]'))
    if (parsed.success) read = parsed.data
  } catch {
    // Unreadable storage: no breakpoints.
  }
  cache.set(workflowId, read)
  return read
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useBreakpoints(workflowId: string): [Breakpoint[], (next: Breakpoint[]) => void] {
  // The server renders without the browser's storage: no breakpoints until the page is live.
  const breakpoints = useSyncExternalStore(
    subscribe,
    () => (workflowId ? readBreakpoints(workflowId) : NONE),
    () => NONE,
  )
  const save = useCallback(
    (next: Breakpoint[]) => {
      if (!workflowId) return
      cache.set(workflowId, next)
      window.localStorage.setItem(keyOf(workflowId), JSON.stringify(next))
      for (const listener of listeners) listener()
    },
    [workflowId],
  )
  return [breakpoints, save]
}

/** Whether the node has a breakpoint `when`, and the list with it toggled. */
export function hasBreakpoint(breakpoints: readonly Breakpoint[], nodeId: string, when: Breakpoint['when']): boolean {
  return breakpoints.some((b) => b.nodeId === nodeId && b.when === when)
}

export function toggledBreakpoint(breakpoints: readonly Breakpoint[], nodeId: string, when: Breakpoint['when']): Breakpoint[] {
  return hasBreakpoint(breakpoints, nodeId, when) ? breakpoints.filter((b) => !(b.nodeId === nodeId && b.when === when)) : [...breakpoints, { nodeId, when }]
}

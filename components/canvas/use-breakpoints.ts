/**
 * A person's breakpoints on a workflow, kept in this browser (localStorage) per workflow: they are debugging state of
 * whoever debugs, not part of the workflow everyone edits, and they reach the server only with a debug run's request.
 */
import { useCallback, useEffect, useState } from 'react'
import { breakpointSchema, type Breakpoint } from '@/lib/contracts/run-debug'

const keyOf = (workflowId: string) => `agentloom:breakpoints:${workflowId}`

function readBreakpoints(workflowId: string): Breakpoint[] {
  try {
    const parsed = breakpointSchema.array().safeParse(JSON.parse(window.localStorage.getItem(keyOf(workflowId)) ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function useBreakpoints(workflowId: string): [Breakpoint[], (next: Breakpoint[]) => void] {
  const [breakpoints, setBreakpoints] = useState<Breakpoint[]>([])
  // Read after mount: the server renders without the browser's storage.
  useEffect(() => setBreakpoints(readBreakpoints(workflowId)), [workflowId])
  const save = useCallback(
    (next: Breakpoint[]) => {
      setBreakpoints(next)
      window.localStorage.setItem(keyOf(workflowId), JSON.stringify(next))
    },
    [workflowId],
  )
  return [breakpoints, save]
}

'use client'

import { useCallback, useRef, useState } from 'react'
import { graphProblemsOf, saveVersion } from './api'
import { useCanvasStoreApi } from './store-context'

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; version: number }
  | { state: 'rejected'; message: string; problemCount: number }
  | { state: 'failed'; message: string }

/**
 * Saves the canvas as a new version. A 400 with problems puts them in the problems panel;
 * concurrent saves (a double Ctrl+S) share one request.
 */
export function useSaveVersion() {
  const store = useCanvasStoreApi()
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' })
  const inFlight = useRef<Promise<number | undefined> | null>(null)

  const save = useCallback((): Promise<number | undefined> => {
    if (inFlight.current) return inFlight.current
    const { workflowId, toDocument, markSaved, setServerProblems } = store.getState()
    const document = toDocument()
    setStatus({ state: 'saving' })
    const request = saveVersion(workflowId, document)
      .then((version) => {
        markSaved(version.version, document)
        setStatus({ state: 'saved', version: version.version })
        return version.version
      })
      .catch((error: unknown) => {
        const problems = graphProblemsOf(error)
        if (problems.length > 0) {
          setServerProblems(problems)
          setStatus({ state: 'rejected', message: (error as Error).message, problemCount: problems.length })
        } else {
          setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
        }
        return undefined
      })
      .finally(() => {
        inFlight.current = null
      })
    inFlight.current = request
    return request
  }, [store])

  return { save, status }
}

'use client'

import { useCallback, useRef, useState } from 'react'
import type { MutationStatus } from '@tanstack/react-query'
import { errorMessage } from '@/components/api-client'
import { useCreateWorkflow, useSaveVersionMutation } from '@/components/queries/workflows'
import { staleVersionOf } from '@/components/stale-version'
import type { CurrentVersion } from '@/lib/contracts/save-base'
import type { WorkflowVersionView } from '@/lib/contracts/workflows'
import { graphProblemsOf } from './workflows-api'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import { useAdoptCreatedWorkflow } from './use-adopt-created-workflow'

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; version: number }
  | { state: 'rejected'; message: string; problemCount: number }
  | { state: 'failed'; message: string }

/** What the toolbar says about the last save, from the state of its request. */
export function saveStatusOf({ status, data, error }: { status: MutationStatus; data?: WorkflowVersionView; error: unknown }): SaveStatus {
  switch (status) {
    case 'idle':
      return { state: 'idle' }
    case 'pending':
      return { state: 'saving' }
    case 'success':
      return data ? { state: 'saved', version: data.version } : { state: 'idle' }
    case 'error': {
      const problemCount = graphProblemsOf(error).length
      return problemCount > 0 ? { state: 'rejected', message: errorMessage(error), problemCount } : { state: 'failed', message: errorMessage(error) }
    }
  }
}

/** A save refused because someone saved a newer version since the canvas' version: theirs, and the note of the refused save. */
export interface SaveConflict {
  current: CurrentVersion
  note?: string
}

/**
 * Saves the canvas as a new version, with an optional note for the history; a draft's first save creates the workflow
 * (as its version 1). A 400 with problems puts them in the problems panel; concurrent saves (a double Ctrl+S) share one request.
 * Every save names the version the canvas was loaded or last saved as; when someone saved a newer one since, the save is
 * refused (409) and `conflict` holds theirs until the person keeps theirs (`saveOver`), reloads it or dismisses it.
 */
export function useSaveVersion() {
  const store = useCanvasStoreApi()
  const mutation = useSaveVersionMutation()
  const create = useCreateWorkflow()
  const adopt = useAdoptCreatedWorkflow()
  const [createdByLastSave, setCreatedByLastSave] = useState(false)
  const { mutateAsync } = mutation
  const createAsync = create.mutateAsync
  const inFlight = useRef<Promise<number | undefined> | null>(null)
  const [conflict, setConflict] = useState<SaveConflict>()

  /** `base`: the version this save replaces as the newest; the canvas' own unless the person chose to save over a newer one. */
  const saveFrom = useCallback(
    (note: string | undefined, base: number | undefined): Promise<number | undefined> => {
      if (inFlight.current) return inFlight.current
      const { workflowId, name, version: canvasVersion, toDocument, markSaved, setServerProblems } = store.getState()
      const document = toDocument()
      setCreatedByLastSave(workflowId === '')
      setConflict(undefined)
      const saved =
        workflowId === ''
          ? createAsync({ name, graph: document }).then((created) => {
              adopt(created)
              return created.version
            })
          : mutateAsync({ workflowId, document, note, baseVersion: base ?? canvasVersion ?? 0 })
      const request = saved
        .then((version) => {
          markSaved(version.version, document)
          return version.version
        })
        .catch((error: unknown) => {
          const problems = graphProblemsOf(error)
          if (problems.length > 0) setServerProblems(problems)
          const current = staleVersionOf(error)
          if (current) setConflict({ current, note })
          return undefined
        })
        .finally(() => {
          inFlight.current = null
        })
      inFlight.current = request
      return request
    },
    [store, mutateAsync, createAsync, adopt],
  )
  const save = useCallback((note?: string) => saveFrom(note, undefined), [saveFrom])
  /** Saves the canvas as the newest version on top of the newer one a save was refused for. */
  const saveOver = useCallback((refused: SaveConflict) => saveFrom(refused.note, refused.current.version), [saveFrom])
  const dismissConflict = useCallback(() => setConflict(undefined), [])
  const { reset } = mutation
  /** Their version replaced the canvas: the refused save is no longer news. */
  const conflictReloaded = useCallback(() => {
    setConflict(undefined)
    reset()
  }, [reset])

  const status = createdByLastSave ? saveStatusOf({ status: create.status, data: create.data?.version, error: create.error }) : saveStatusOf(mutation)
  return { save, status, conflict, saveOver, dismissConflict, conflictReloaded }
}

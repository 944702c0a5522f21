'use client'

import { useCallback, useRef, useState } from 'react'
import type { MutationStatus } from '@tanstack/react-query'
import { errorMessage } from '@/components/api-client'
import { useCreateWorkflow, useSaveLiveVersionMutation, useSaveVersionMutation } from '@/components/queries/workflows'
import { staleVersionOf } from '@/components/stale-version'
import type { CurrentVersion } from '@/lib/contracts/save-base'
import { graphProblemsOf } from './workflows-api'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import { useAdoptCreatedWorkflow } from './use-adopt-created-workflow'
import type { LiveSession } from './use-live-session'

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; version: number }
  | { state: 'rejected'; message: string; problemCount: number }
  | { state: 'failed'; message: string }

/** What the toolbar says about the last save, from the state of its request. */
export function saveStatusOf({ status, data, error }: { status: MutationStatus; data?: { version: number }; error: unknown }): SaveStatus {
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

/** How the last save was made: a draft's first (create), one of the canvas (version), one of the live document (live). */
type SaveKind = 'create' | 'version' | 'live'

/**
 * Saves the canvas as a new version, with an optional note for the history; a draft's first save creates the workflow
 * (as its version 1). A 400 with problems puts them in the problems panel; concurrent saves (a double Ctrl+S) share one request.
 * Every save names the version the canvas was loaded or last saved as; when someone saved a newer one since, the save is
 * refused (409) and `conflict` holds theirs until the person keeps theirs (`saveOver`), reloads it or dismisses it.
 * Edited live (`live.bound`), the save is of the live document everybody edits: no base version, no conflict; the others
 * are told of the new version.
 */
export function useSaveVersion(live?: Pick<LiveSession, 'bound' | 'announceSaved'>) {
  const store = useCanvasStoreApi()
  const mutation = useSaveVersionMutation()
  const liveMutation = useSaveLiveVersionMutation()
  const create = useCreateWorkflow()
  const adopt = useAdoptCreatedWorkflow()
  const [lastSave, setLastSave] = useState<SaveKind>('version')
  const { mutateAsync } = mutation
  const liveAsync = liveMutation.mutateAsync
  const liveBound = live?.bound === true
  const announceSaved = live?.announceSaved
  const createAsync = create.mutateAsync
  const inFlight = useRef<Promise<number | undefined> | null>(null)
  const [conflict, setConflict] = useState<SaveConflict>()

  /** `base`: the version this save replaces as the newest; the canvas' own unless the person chose to save over a newer one. */
  const saveFrom = useCallback(
    (note: string | undefined, base: number | undefined): Promise<number | undefined> => {
      if (inFlight.current) return inFlight.current
      const { workflowId, name, version: canvasVersion, toDocument, markSaved, setServerProblems } = store.getState()
      const document = toDocument()
      const kind: SaveKind = workflowId === '' ? 'create' : liveBound ? 'live' : 'version'
      setLastSave(kind)
      setConflict(undefined)
      const saved: Promise<number> =
        kind === 'create'
          ? createAsync({ name, graph: document }).then((created) => {
              adopt(created)
              return created.version.version
            })
          : kind === 'live'
            ? liveAsync({ workflowId, note }).then(({ version, savedBy }) => {
                announceSaved?.(version.version, savedBy)
                return version.version
              })
            : mutateAsync({ workflowId, document, note, baseVersion: base ?? canvasVersion ?? 0 }).then((version) => version.version)
      const request = saved
        .then((version) => {
          // Live, the server saved the shared document, which the canvas holds (less what is still on its way).
          markSaved(version, kind === 'live' ? store.getState().toDocument() : document)
          return version
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
    [store, mutateAsync, createAsync, liveAsync, liveBound, announceSaved, adopt],
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

  const status =
    lastSave === 'create'
      ? saveStatusOf({ status: create.status, data: create.data?.version, error: create.error })
      : lastSave === 'live'
        ? saveStatusOf({ status: liveMutation.status, data: liveMutation.data?.version, error: liveMutation.error })
        : saveStatusOf(mutation)
  return { save, status, conflict, saveOver, dismissConflict, conflictReloaded }
}

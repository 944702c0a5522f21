'use client'

import { useCallback } from 'react'
import type { CreatedWorkflowResponse } from '@/lib/contracts/workflows'
import { useCanvasStoreApi } from './CanvasStoreProvider'

/**
 * A draft was created on the server (first saved or named): the canvas becomes that workflow and
 * the address its editor's, without reloading the editor (its undo history and changes stay).
 */
export function useAdoptCreatedWorkflow(): (created: CreatedWorkflowResponse) => void {
  const store = useCanvasStoreApi()
  return useCallback(
    ({ workflow, version }: CreatedWorkflowResponse) => {
      store.getState().adoptWorkflow(workflow.id, workflow.name, version.version)
      window.history.replaceState(null, '', `/workflows/${encodeURIComponent(workflow.id)}`)
    },
    [store],
  )
}

'use client'

import { useEffect, useId, useState } from 'react'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { cn } from '@/components/ui/cn'
import { useCreateWorkflow, useRenameWorkflow } from '@/components/queries/workflows'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'
import { useAdoptCreatedWorkflow } from './use-adopt-created-workflow'

/**
 * The name saves on its own (PATCH) when the field loses focus or on Enter; Escape reverts. A
 * refused name stays in the field, with the server's reason beside it, so it can be corrected.
 * Naming a draft creates the workflow (its version 1 is the graph the draft began with, the starter or a template's;
 * what was drawn since stays unsaved on the canvas, and is what the live document gets on top of that version).
 */
export function WorkflowNameInput() {
  const { workflowId, name, setName } = useCanvasStore((s) => ({ workflowId: s.workflowId, name: s.name, setName: s.setName }))
  const [draft, setDraft] = useState(name)
  const renameExisting = useRenameWorkflow(workflowId)
  const create = useCreateWorkflow()
  const adopt = useAdoptCreatedWorkflow()
  const store = useCanvasStoreApi()
  const isDraft = workflowId === ''
  const rename = isDraft ? create : renameExisting
  const errorId = useId()
  const error = rename.isError ? (requestFieldError(rename.error, 'name') ?? errorMessage(rename.error)) : undefined
  useEffect(() => setDraft(name), [name])

  const commit = () => {
    const next = draft.trim()
    if (next === '' || next === name) {
      setDraft(name)
      rename.reset()
      return
    }
    if (rename.isPending) return
    if (isDraft) create.mutate({ name: next, graph: store.getState().savedDocument }, { onSuccess: adopt })
    else renameExisting.mutate(next, { onSuccess: (workflow) => setName(workflow.name) })
  }

  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        data-testid="workflow-name"
        aria-label="Workflow name"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        title="Rename the workflow"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur()
          if (event.key === 'Escape') {
            setDraft(name)
            rename.reset()
            setTimeout(() => (event.target as HTMLInputElement).blur())
          }
        }}
        className={cn(
          'h-8 w-64 rounded-md border border-transparent bg-transparent px-2 text-sm font-semibold text-zinc-900',
          'hover:border-zinc-200 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-indigo-500/20',
          error && 'border-red-300',
        )}
      />
      {error ? (
        <p id={errorId} data-testid="workflow-name-error" role="alert" className="max-w-72 truncate text-xs text-red-700" title={error}>
          Not renamed: {error}
        </p>
      ) : null}
    </div>
  )
}

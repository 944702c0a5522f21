'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useDeleteWorkflow } from '@/components/queries/workflows'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import type { DeleteWorkflowRuns } from '@/lib/contracts/workflows'

export interface DeleteWorkflowDialogProps {
  workflow: { id: string; name: string; runCount: number }
  onClose: () => void
  onDeleted: () => void
}

/** Asks before deleting a workflow, and what becomes of its runs: kept (listed under its name in Runs) or deleted with it. */
export function DeleteWorkflowDialog({ workflow, onClose, onDeleted }: DeleteWorkflowDialogProps) {
  const [runs, setRuns] = useState<DeleteWorkflowRuns>('keep')
  const remove = useDeleteWorkflow()
  const count = workflow.runCount
  const runsWord = `${count} run${count === 1 ? '' : 's'}`
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete “${workflow.name}”?`}
      description="Its versions are deleted with it. This cannot be undone."
      footer={
        <>
          <Button onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            data-testid="workflow-delete-confirm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: workflow.id, runs }, { onSuccess: onDeleted })}
          >
            {remove.isPending ? 'Deleting…' : 'Delete workflow'}
          </Button>
        </>
      }
    >
      {count > 0 ? (
        <fieldset className="flex flex-col gap-2 text-sm text-zinc-700" data-testid="workflow-delete-runs">
          <legend className="mb-1 font-medium text-zinc-800">It has {runsWord}.</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name="runs" value="keep" checked={runs === 'keep'} onChange={() => setRuns('keep')} className="mt-1" />
            <span>
              Keep the {count === 1 ? 'run' : 'runs'}: {count === 1 ? 'it stays' : 'they stay'} in Runs under the name “{workflow.name}”.
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name="runs" value="delete" checked={runs === 'delete'} onChange={() => setRuns('delete')} className="mt-1" />
            <span>Delete the {count === 1 ? 'run' : 'runs'} too, with their events, approvals and share links.</span>
          </label>
        </fieldset>
      ) : (
        <p className="text-sm text-zinc-700">It has no runs.</p>
      )}
      {remove.isError ? (
        <p role="alert" data-testid="workflow-delete-error" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </Dialog>
  )
}

'use client'

import { useState } from 'react'
import { FormError } from '@/components/account/FormError'
import { errorMessage } from '@/components/api-client'
import { useMoveWorkflow } from '@/components/queries/workflow-move'
import { Button, Dialog, Field, Select } from '@/components/ui'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import { moveTargets } from './current-workspace'
import { missingReferencesOf } from './move-references'

export interface MovableWorkflow {
  id: string
  name: string
  workspaceId: string | null
}

/**
 * Moves a workflow, with its runs, approvals and share links, to another workspace the person edits in. When the target
 * lacks what the workflow uses (MCP servers, skills, agents, sub-workflows), nothing moves and the dialog names them.
 */
export function MoveWorkflowDialog({
  workflow,
  onClose,
  onMoved,
}: {
  workflow: MovableWorkflow
  onClose: () => void
  onMoved?: (workspaceId: string) => void
}) {
  const { workspaces, byId } = useCurrentWorkspace()
  const targets = moveTargets(workspaces, workflow.workspaceId)
  const [target, setTarget] = useState(targets[0]?.id ?? '')
  const move = useMoveWorkflow()
  const missing = missingReferencesOf(move.error)
  const from = byId(workflow.workspaceId)?.name

  async function submit() {
    const moved = await move.mutateAsync({ workflowId: workflow.id, workspaceId: target }).catch(() => null)
    if (!moved) return
    onMoved?.(moved.workspaceId)
    onClose()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Move “${workflow.name}”`}
      description={
        <>
          Its runs, approvals and share links go with it{from ? <> from {from}</> : null}; the members of the target workspace see it by their roles. Its offer
          as an MCP tool is withdrawn.
        </>
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={target === '' || move.isPending} onClick={submit} data-testid="move-workflow-submit">
            Move
          </Button>
        </>
      }
    >
      {targets.length === 0 ? (
        <p className="text-sm text-zinc-600" data-testid="move-no-targets">
          You edit in no other workspace. Create a team workspace, or ask an owner to make you an editor of one.
        </p>
      ) : (
        <Field label="To workspace" htmlFor="move-target">
          <Select
            id="move-target"
            data-testid="move-workflow-target"
            value={target}
            onChange={(event) => {
              move.reset()
              setTarget(event.target.value)
            }}
            options={targets.map((workspace) => ({
              value: workspace.id,
              label: workspace.kind === 'personal' ? `${workspace.name} (personal)` : workspace.name,
            }))}
          />
        </Field>
      )}
      {missing ? (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="move-missing-references">
          <p className="font-medium">Nothing was moved: these would break in the target workspace. Add or move them there first.</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((group) => (
              <li key={group.label}>
                {group.label}: {group.names.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <FormError message={move.error ? errorMessage(move.error) : null} />
      )}
    </Dialog>
  )
}

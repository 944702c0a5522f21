'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { FormError } from '@/components/account/FormError'
import { errorMessage } from '@/components/api-client'
import { useDeleteWorkspace } from '@/components/queries/workspaces'
import { Button, Dialog, Field, Input } from '@/components/ui'
import type { WorkspaceView } from '@/lib/contracts/workspaces'

/** Deleting a team workspace takes everything in it along, so the owner types its name to confirm (as GitHub asks). */
export function DeleteWorkspaceDialog({ workspace, open, onClose }: { workspace: WorkspaceView; open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('')
  const remove = useDeleteWorkspace(workspace.id)
  const router = useRouter()

  async function confirm() {
    if (!(await remove.mutateAsync().catch(() => null))) return
    onClose()
    router.push('/workspaces')
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Delete ${workspace.name}?`}
      description="Its workflows, runs, approvals, share links, agents, MCP servers and skills are deleted with it, for every member. This cannot be undone."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={typed !== workspace.name || remove.isPending} onClick={confirm} data-testid="workspace-delete-confirm">
            Delete workspace
          </Button>
        </>
      }
    >
      <Field label={`Type “${workspace.name}” to confirm`} htmlFor="workspace-delete-name">
        <Input id="workspace-delete-name" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
      </Field>
      <FormError message={remove.error ? errorMessage(remove.error) : null} />
    </Dialog>
  )
}

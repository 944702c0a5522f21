'use client'

import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/components/api-client'
import { useRenameWorkspace } from '@/components/queries/workspaces'
import { Button, Input } from '@/components/ui'
import type { WorkspaceView } from '@/lib/contracts/workspaces'

/** The workspace's name in place, for its owners. */
export function RenameWorkspaceForm({ workspace, onDone }: { workspace: WorkspaceView; onDone: () => void }) {
  const [name, setName] = useState(workspace.name)
  const rename = useRenameWorkspace(workspace.id)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (name.trim() === workspace.name) return onDone()
    if (await rename.mutateAsync(name).catch(() => null)) onDone()
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1" data-testid="workspace-rename-form">
      <div className="flex gap-2">
        <Input aria-label="Workspace name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoFocus required className="w-72" />
        <Button type="submit" variant="primary" size="sm" disabled={rename.isPending || name.trim() === ''}>
          Save
        </Button>
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {rename.error ? (
        <p role="alert" className="text-xs text-red-600">
          {errorMessage(rename.error)}
        </p>
      ) : null}
    </form>
  )
}

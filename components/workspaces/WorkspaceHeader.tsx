'use client'

import { useState } from 'react'
import { Badge, Button } from '@/components/ui'
import { useWorkspaceQuery } from '@/components/queries/workspaces'
import type { WorkspaceView } from '@/lib/contracts/workspaces'
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog'
import { LeaveWorkspaceButton } from './LeaveWorkspaceButton'
import { RenameWorkspaceForm } from './RenameWorkspaceForm'
import { roleLabel } from './current-workspace'

/** A workspace's name and the person's role there; owners rename and delete a team workspace, members leave one. */
export function WorkspaceHeader({ initial }: { initial: WorkspaceView }) {
  const workspace = useWorkspaceQuery(initial.id).data ?? initial
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const owner = workspace.role === 'owner'
  const team = workspace.kind === 'team'

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        {renaming ? (
          <RenameWorkspaceForm workspace={workspace} onDone={() => setRenaming(false)} />
        ) : (
          <h1 className="truncate text-xl font-semibold tracking-tight text-zinc-900" data-testid="workspace-name">
            {workspace.name}
          </h1>
        )}
        <p className="flex items-center gap-2 text-sm text-zinc-600">
          <Badge>{team ? 'Team workspace' : 'Personal workspace'}</Badge>
          <span data-testid="workspace-my-role">Your role: {roleLabel(workspace.role, workspace.approver)}</span>
        </p>
      </div>
      <div className="flex gap-2">
        {owner && !renaming ? (
          <Button size="sm" onClick={() => setRenaming(true)} data-testid="workspace-rename">
            Rename
          </Button>
        ) : null}
        {owner && team ? (
          <Button size="sm" variant="danger" onClick={() => setDeleting(true)} data-testid="workspace-delete">
            Delete workspace
          </Button>
        ) : null}
        {!owner && team ? <LeaveWorkspaceButton workspace={workspace} /> : null}
      </div>
      <DeleteWorkspaceDialog workspace={workspace} open={deleting} onClose={() => setDeleting(false)} />
    </div>
  )
}

'use client'

import { useRouter } from 'next/navigation'
import { errorMessage } from '@/components/api-client'
import { useRemoveWorkspaceMember } from '@/components/queries/workspaces'
import { Button } from '@/components/ui'
import type { WorkspaceView } from '@/lib/contracts/workspaces'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'

/** A member (not an owner) leaves a team workspace, after confirming; they land on their workspaces. */
export function LeaveWorkspaceButton({ workspace }: { workspace: WorkspaceView }) {
  const { personId } = useCurrentWorkspace()
  const leave = useRemoveWorkspaceMember(workspace.id)
  const router = useRouter()
  if (!personId) return null
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        disabled={leave.isPending}
        data-testid="workspace-leave"
        onClick={async () => {
          if (!window.confirm(`Leave ${workspace.name}? You will no longer see its workflows, runs and approvals.`)) return
          if (await leave.mutateAsync(personId).catch(() => null)) router.push('/workspaces')
        }}
      >
        Leave workspace
      </Button>
      {leave.error ? (
        <p role="alert" className="text-xs text-red-600">
          {errorMessage(leave.error)}
        </p>
      ) : null}
    </div>
  )
}

'use client'

import { Badge } from '@/components/ui'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'

/**
 * The workspace something belongs to, for a person who sees several: always (`always`: the editor, the run page), or
 * only when it is not the current one (list rows).
 */
export function WorkspaceBadge({
  workspaceId,
  always = false,
  testId = 'workspace-badge',
}: {
  workspaceId: string | null | undefined
  always?: boolean
  testId?: string
}) {
  const { several, current, byId } = useCurrentWorkspace()
  const workspace = byId(workspaceId)
  if (!workspace || !several || (!always && workspace.id === current?.id)) return null
  return (
    <Badge tone="accent" title={`In the workspace ${workspace.name}`} data-testid={testId} className="ml-1.5 max-w-40 truncate">
      {workspace.name}
    </Badge>
  )
}

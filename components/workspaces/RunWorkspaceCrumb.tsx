'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'

/** The first step of a run page's breadcrumb: the workspace the run belongs to (for a person who sees several). */
export function RunWorkspaceCrumb({ workspaceId }: { workspaceId: string | null | undefined }) {
  const { several, byId } = useCurrentWorkspace()
  const workspace = byId(workspaceId)
  if (!workspace || !several) return null
  return (
    <>
      <IntentLink href={`/workspaces/${workspace.id}`} className="hover:text-zinc-800 hover:underline" data-testid="run-workspace">
        {workspace.name}
      </IntentLink>
      <span aria-hidden> / </span>
    </>
  )
}

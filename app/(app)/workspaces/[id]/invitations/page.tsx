import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { WorkspaceInvitationsPanel } from '@/components/workspaces/WorkspaceInvitationsPanel'
import { loadWorkspace } from '../load-workspace'

export const metadata: Metadata = { title: 'Workspace invitations' }

/** Owners only, like the API (others never see the tab). */
export default async function WorkspaceInvitationsPage({ params }: { params: Promise<{ id: string }> }) {
  const workspace = await loadWorkspace((await params).id)
  if (workspace.role !== 'owner') notFound()
  return <WorkspaceInvitationsPanel workspaceId={workspace.id} />
}

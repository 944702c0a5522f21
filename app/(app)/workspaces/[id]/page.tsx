import type { Metadata } from 'next'
import { WorkspaceMembersPanel } from '@/components/workspaces/WorkspaceMembersPanel'
import { loadWorkspace } from './load-workspace'

export const metadata: Metadata = { title: 'Workspace members' }

export default async function WorkspaceMembersPage({ params }: { params: Promise<{ id: string }> }) {
  const workspace = await loadWorkspace((await params).id)
  return <WorkspaceMembersPanel workspaceId={workspace.id} />
}

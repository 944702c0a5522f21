import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { WorkspaceAuditLog } from '@/components/workspaces/WorkspaceAuditLog'
import { loadWorkspace } from '../load-workspace'

export const metadata: Metadata = { title: 'Workspace audit log' }

/** Owners only, like the API (others never see the tab). */
export default async function WorkspaceAuditLogPage({ params }: { params: Promise<{ id: string }> }) {
  const workspace = await loadWorkspace((await params).id)
  if (workspace.role !== 'owner') notFound()
  return <WorkspaceAuditLog workspaceId={workspace.id} />
}

import type { Metadata } from 'next'
import { WorkspaceList } from '@/components/workspaces/WorkspaceList'

export const metadata: Metadata = { title: 'Workspaces' }

export default function WorkspacesPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <WorkspaceList />
    </div>
  )
}

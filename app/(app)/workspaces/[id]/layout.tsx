import type { ReactNode } from 'react'
import { NavLink } from '@/components/ui/NavLink'
import { WorkspaceHeader } from '@/components/workspaces/WorkspaceHeader'
import { loadWorkspace } from './load-workspace'

const TAB = '-mb-px border-b-2 border-transparent px-3 py-2 text-zinc-600 hover:border-zinc-300 hover:text-zinc-900'

/** One workspace: its name (rename, delete, leave) and its tabs; invitations and the audit log are its owners'. */
export default async function WorkspaceLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params
  const workspace = await loadWorkspace(id)
  const base = `/workspaces/${workspace.id}`
  const tabs = [
    { href: base, label: 'Members', testId: 'workspace-tab-members', exact: true },
    ...(workspace.role === 'owner'
      ? [
          { href: `${base}/invitations`, label: 'Invitations', testId: 'workspace-tab-invitations', exact: false },
          { href: `${base}/audit-log`, label: 'Audit log', testId: 'workspace-tab-audit-log', exact: false },
        ]
      : []),
    { href: `${base}/approval-routing`, label: 'Approval routing', testId: 'workspace-tab-approval-routing', exact: false },
    { href: `${base}/model-prices`, label: 'Model prices', testId: 'workspace-tab-model-prices', exact: false },
    { href: `${base}/credentials`, label: 'Model credentials', testId: 'workspace-tab-credentials', exact: false },
  ]
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <WorkspaceHeader initial={workspace} />
      <nav aria-label="Workspace" className="flex gap-1 border-b border-zinc-200 text-sm">
        {tabs.map((tab) => (
          <NavLink
            key={tab.href}
            href={tab.href}
            exact={tab.exact}
            data-testid={tab.testId}
            className={TAB}
            currentClassName="border-indigo-500 font-medium text-zinc-900"
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  )
}

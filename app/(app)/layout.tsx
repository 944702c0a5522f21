import { cookies } from 'next/headers'
import type { ReactNode } from 'react'
import { SessionKeepAlive } from '@/components/account/SessionKeepAlive'
import { SessionRenewalDialog } from '@/components/account/SessionRenewalDialog'
import { UserMenu } from '@/components/account/UserMenu'
import { ApprovalsNavBadge } from '@/components/approvals/ApprovalsNavBadge'
import { KeyboardShortcutsSheet } from '@/components/shortcuts/KeyboardShortcutsSheet'
import { ThemeSwitch } from '@/components/theme/ThemeSwitch'
import { IntentLink } from '@/components/ui/IntentLink'
import { NavLink } from '@/components/ui/NavLink'
import { CurrentWorkspaceProvider } from '@/components/workspaces/CurrentWorkspaceProvider'
import { WorkspaceSwitcher } from '@/components/workspaces/WorkspaceSwitcher'
import { WORKSPACE_COOKIE } from '@/components/workspaces/current-workspace'
import { sessionRefreshSeconds } from '@/lib/server/auth/session-lifetime'
import { getServices } from '@/lib/server/services'
import { requirePageUser } from './page-user'

const NAV = [
  { href: '/workflows', label: 'Workflows' },
  { href: '/agents', label: 'Agents' },
  { href: '/runs', label: 'Runs' },
  { href: '/datasets', label: 'Datasets' },
  { href: '/approvals', label: 'Approvals' },
  { href: '/mcp-servers', label: 'MCP servers' },
  { href: '/skills', label: 'Skills' },
  { href: '/api-docs', label: 'API' },
]

/**
 * Every signed-in page: the app's navigation, the workspace switcher and the person's menu. Without a session, sign-in.
 * The current workspace is a cookie (read here, so the first render is already the right workspace's).
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser()
  const [services, cookieStore] = await Promise.all([getServices(), cookies()])
  const workspaces = await services.workspaces.list(user)
  return (
    <CurrentWorkspaceProvider personId={user.userId} initialWorkspaces={workspaces} initialId={cookieStore.get(WORKSPACE_COOKIE)?.value ?? null}>
      <header className="flex h-12 shrink-0 items-center gap-6 border-b border-zinc-200 bg-white px-4">
        <IntentLink href="/" className="flex items-center gap-2 font-semibold tracking-tight text-zinc-900">
          <span aria-hidden className="inline-block h-5 w-5 rounded-md bg-gradient-to-br from-indigo-500 to-violet-500" />
          Agentloom
        </IntentLink>
        <WorkspaceSwitcher />
        <nav aria-label="Main" className="flex items-center gap-1 text-sm">
          {NAV.map((item) => (
            <NavLink
              key={item.href}
              href={item.href}
              className="rounded-md px-2.5 py-1.5 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
              currentClassName="bg-zinc-100 font-medium text-zinc-900"
            >
              {item.label}
              {item.href === '/approvals' ? <ApprovalsNavBadge /> : null}
            </NavLink>
          ))}
        </nav>
        <UserMenu name={user.name} email={user.email} />
        <ThemeSwitch />
      </header>
      <KeyboardShortcutsSheet />
      <SessionRenewalDialog email={user.email} />
      <SessionKeepAlive stepMs={sessionRefreshSeconds(services.app.sessionLifetime) * 1000} />
      <main className="flex min-h-0 flex-1 flex-col">{children}</main>
    </CurrentWorkspaceProvider>
  )
}

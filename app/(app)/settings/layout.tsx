import { NavLink } from '@/components/ui/NavLink'
import type { ReactNode } from 'react'
import { isAdmin } from '@/lib/server/auth/principal'
import { requirePageUser } from '../page-user'

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser()
  const sections = [{ href: '/settings', label: 'Account', testId: 'settings-account' }]
  if (isAdmin(user)) {
    sections.push(
      { href: '/settings/users', label: 'Users', testId: 'settings-users' },
      { href: '/settings/audit-log', label: 'Audit log', testId: 'settings-audit-log' },
    )
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Settings</h1>
      <nav aria-label="Settings" className="flex gap-1 border-b border-zinc-200 text-sm">
        {sections.map((section) => (
          <NavLink
            key={section.href}
            href={section.href}
            exact={section.href === '/settings'}
            data-testid={section.testId}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-zinc-600 hover:border-zinc-300 hover:text-zinc-900"
            currentClassName="border-indigo-500 font-medium text-zinc-900"
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  )
}

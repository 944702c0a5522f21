'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useDismiss } from '@/components/ui/use-dismiss'
import { useHydrated } from '@/components/ui/use-hydrated'
import { useCallback, useRef, useState } from 'react'
import { accountApi } from './account-api'

/** The signed-in person's name in the header, opening Settings and Sign out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const [open, setOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)

  const close = useCallback(() => setOpen(false), [])
  useDismiss(menu, open, close)
  const hydrated = useHydrated()

  async function signOut() {
    await accountApi.signOut().catch(() => {})
    window.location.assign('/sign-in')
  }

  return (
    <div ref={menu} className="relative ml-auto">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
        className="rounded-md px-2.5 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {name} <span aria-hidden>▾</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-50 mt-1 w-56 rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg">
          <p className="truncate px-3 py-1.5 text-xs text-zinc-500">{email}</p>
          <IntentLink
            role="menuitem"
            href="/settings"
            onClick={() => setOpen(false)}
            className="block px-3 py-1.5 text-zinc-700 hover:bg-zinc-100"
            data-testid="user-menu-settings"
          >
            Settings
          </IntentLink>
          <button
            role="menuitem"
            type="button"
            onClick={signOut}
            className="block w-full px-3 py-1.5 text-left text-zinc-700 hover:bg-zinc-100"
            data-testid="user-menu-sign-out"
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  )
}

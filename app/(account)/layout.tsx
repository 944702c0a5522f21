import type { ReactNode } from 'react'

// Sign-in and the one-time link pages: for people who are not signed in (yet), so no navigation.
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <main className="flex min-h-0 flex-1 flex-col bg-zinc-50 px-4 pb-16">{children}</main>
}

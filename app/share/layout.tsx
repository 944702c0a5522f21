import type { ReactNode } from 'react'

// Shared runs are for people without an account: no app navigation, nothing but the run.
export default function SharedLayout({ children }: { children: ReactNode }) {
  return <main className="flex min-h-0 flex-1 flex-col">{children}</main>
}

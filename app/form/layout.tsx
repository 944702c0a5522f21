import type { ReactNode } from 'react'

// Published workflows' forms are for people without an account: no app navigation, nothing but the form.
export default function PublicFormLayout({ children }: { children: ReactNode }) {
  return <main className="flex min-h-0 flex-1 flex-col">{children}</main>
}

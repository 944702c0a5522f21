import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { QueryProvider } from '@/components/QueryProvider'
import { AppToaster } from '@/components/theme/AppToaster'
import { THEME_BOOT_SCRIPT } from '@/components/theme/theme'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Agentloom', template: '%s · Agentloom' },
  description: 'Design, run and share AI agent workflows.',
}

// Every page is rendered on request (each reads the session or the database); `next build` prerenders none, so a
// build needs no database.
export const dynamic = 'force-dynamic'

// The app's navigation lives in app/(app)/layout.tsx: sign-in and shared runs show none.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The boot script sets <html>'s theme class before the first paint, which React did not render: hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="flex min-h-full flex-col">
        <QueryProvider>
          {children}
          <AppToaster />
        </QueryProvider>
      </body>
    </html>
  )
}

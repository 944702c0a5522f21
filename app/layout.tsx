import type { Metadata } from 'next'
import { headers } from 'next/headers'
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
// Every page is rendered on request: its inline script carries the nonce proxy.ts put in this request's CSP.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined
  return (
    // The boot script sets <html>'s theme class before the first paint, which React did not render: hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
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

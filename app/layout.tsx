import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { QueryProvider } from '@/components/QueryProvider'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Agentloom', template: '%s · Agentloom' },
  description: 'Design, run and share AI agent workflows.',
}

// The app's navigation lives in app/(app)/layout.tsx: sign-in and shared runs show none.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-full flex-col">
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  )
}

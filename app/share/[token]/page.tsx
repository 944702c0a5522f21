import type { Metadata } from 'next'
import { RunView } from '@/components/runs/RunView'
import { loadSharedRun } from './load-shared-run'

// A share link can be revoked at any moment: never serve a cached page.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Shared run',
  robots: { index: false, follow: false },
  // Keep the token out of Referer headers sent to any linked site.
  referrer: 'no-referrer',
}

export default async function SharedRunPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const data = await loadSharedRun(token)
  return <RunView data={data} readOnly follow={{ kind: 'share', token }} />
}

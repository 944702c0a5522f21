import type { Metadata } from 'next'
import { VersionHistory } from '@/components/versions/VersionHistory'

export const metadata: Metadata = { title: 'Version history' }

/** A workflow's versions: who saved each, when and why; open, restore or compare them. */
export default async function VersionHistoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <VersionHistory workflowId={id} />
    </div>
  )
}

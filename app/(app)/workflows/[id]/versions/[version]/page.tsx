import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { VersionViewer } from '@/components/versions/VersionViewer'

export const metadata: Metadata = { title: 'Workflow version' }

/** One saved version on a read-only canvas, with a way to restore it as the newest version. */
export default async function VersionPage({ params }: { params: Promise<{ id: string; version: string }> }) {
  const { id, version } = await params
  const number = Number(version)
  if (!Number.isInteger(number) || number < 1) notFound()
  return <VersionViewer workflowId={id} version={number} />
}

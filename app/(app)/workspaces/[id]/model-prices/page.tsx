import type { Metadata } from 'next'
import { ModelPricesSettings } from '@/components/evaluations/ModelPricesSettings'
import { requirePageUser } from '../../../page-user'

export const metadata: Metadata = { title: 'Model prices' }

/** The workspace's price per model: runs, conversations and experiments show cost by it (members read it; owners change it). */
export default async function ModelPricesPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser()
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Model prices</h1>
        <p className="mt-1 text-sm text-zinc-600">US dollars per million tokens, per model: what runs and experiments in this workspace show as cost.</p>
      </div>
      <ModelPricesSettings workspaceId={id} />
    </div>
  )
}

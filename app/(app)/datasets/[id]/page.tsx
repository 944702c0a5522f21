import type { Metadata } from 'next'
import { DatasetView } from '@/components/evaluations/DatasetView'

type Params = Promise<{ id: string }>

export const metadata: Metadata = { title: 'Dataset' }

export default async function DatasetPage({ params }: { params: Params }) {
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <DatasetView datasetId={id} />
    </div>
  )
}

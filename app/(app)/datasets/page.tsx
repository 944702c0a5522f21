import type { Metadata } from 'next'
import { DatasetsList } from '@/components/evaluations/DatasetsList'

export const metadata: Metadata = { title: 'Datasets' }

export default function DatasetsPage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Datasets</h1>
        <p className="mt-1 text-sm text-zinc-600">Cases to evaluate a workflow or agent on: run an experiment over one, and compare versions row by row.</p>
      </div>
      <DatasetsList />
    </div>
  )
}

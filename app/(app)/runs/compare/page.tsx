import type { Metadata } from 'next'
import { RunComparisonView } from '@/components/runs/RunComparisonView'

export const metadata: Metadata = { title: 'Compare runs' }

export default async function CompareRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '')
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Compare runs</h1>
      <RunComparisonView a={one(query.a)} b={one(query.b)} />
    </div>
  )
}

import type { Metadata } from 'next'
import { ExperimentComparisonView } from '@/components/evaluations/ExperimentComparisonView'

type Params = Promise<{ id: string }>
type SearchParams = Promise<Record<string, string | string[] | undefined>>

export const metadata: Metadata = { title: 'Compare experiments' }

export default async function CompareExperimentsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const baseline = typeof query.baseline === 'string' && query.baseline !== '' ? query.baseline : undefined
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <ExperimentComparisonView experimentId={id} baselineId={baseline} />
    </div>
  )
}

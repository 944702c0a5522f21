import type { Metadata } from 'next'
import { ExperimentView } from '@/components/evaluations/ExperimentView'

type Params = Promise<{ id: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params
  return { title: `Experiment ${id.slice(0, 8)}` }
}

export default async function ExperimentPage({ params }: { params: Params }) {
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-6">
      <ExperimentView experimentId={id} />
    </div>
  )
}

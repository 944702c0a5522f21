import type { Metadata } from 'next'
import { RunLoader } from '@/components/runs/RunLoader'

type Params = Promise<{ id: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params
  return { title: `Run ${id.slice(0, 8)}` }
}

export default async function RunPage({ params }: { params: Params }) {
  const { id } = await params
  return <RunLoader runId={id} />
}

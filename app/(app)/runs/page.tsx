import type { Metadata } from 'next'
import Link from 'next/link'
import { RunsList } from '@/components/runs/RunsList'

export const metadata: Metadata = { title: 'Runs' }

export default async function RunsPage({ searchParams }: { searchParams: Promise<{ workflowId?: string | string[] }> }) {
  const { workflowId } = await searchParams
  const filter = typeof workflowId === 'string' && workflowId !== '' ? workflowId : undefined
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Runs</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Every run of every workflow, newest first.
            {filter ? (
              <>
                {' '}
                Showing one workflow only ·{' '}
                <Link href="/runs" className="text-indigo-600 hover:underline">
                  show all
                </Link>
              </>
            ) : null}
          </p>
        </div>
      </div>
      <RunsList workflowId={filter} />
    </div>
  )
}

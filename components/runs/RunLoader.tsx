'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { Button } from '@/components/ui'
import { ApiError, errorMessage } from '@/components/api-client'
import { useRunQuery } from '@/components/queries/runs'
import { RunView } from './RunView'

/** A run id the API does not know, or not a run id at all. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400)

/** Loads `GET /api/runs/:id` and shows the live run view. */
export function RunLoader({ runId }: { runId: string }) {
  const load = useRunQuery(runId)

  if (load.isSuccess) return <RunView key={load.data.run.id} data={load.data} />
  // "Try again" shows the skeleton until the new answer, as the first load did.
  if (load.isPending || load.isFetching) return <RunSkeleton />
  if (isMissing(load.error)) {
    return (
      <Message title="Run not found" testId="run-missing">
        There is no run with this id.{' '}
        <IntentLink href="/runs" className="text-indigo-600 hover:underline">
          See all runs
        </IntentLink>
        .
      </Message>
    )
  }
  return (
    <Message title="Could not load the run" testId="run-load-error">
      <span className="block">{errorMessage(load.error)}</span>
      <Button className="mt-3" onClick={() => void load.refetch()}>
        Try again
      </Button>
    </Message>
  )
}

function Message({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="mx-auto mt-20 max-w-md text-center" data-testid={testId} role="status">
      <h1 className="text-lg font-semibold text-zinc-900">{title}</h1>
      <div className="mt-2 text-sm text-zinc-600">{children}</div>
    </div>
  )
}

function RunSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-4" aria-busy="true" aria-label="Loading the run">
      <div className="h-24 animate-pulse rounded-lg border border-zinc-200 bg-white" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)]">
        <div className="h-96 animate-pulse rounded-lg border border-zinc-200 bg-white" />
        <div className="h-96 animate-pulse rounded-lg border border-zinc-200 bg-white" />
      </div>
    </div>
  )
}

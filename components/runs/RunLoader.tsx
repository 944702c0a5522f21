'use client'

import Link from 'next/link'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui'
import { ApiError, errorMessage, fetchJson } from '@/components/api-client'
import { RunView } from './RunView'
import type { RunView as RunViewData } from '@/lib/contracts/runs'

type Load = { state: 'loading' } | { state: 'ready'; data: RunViewData } | { state: 'missing' } | { state: 'failed'; message: string }

/** Loads `GET /api/runs/:id` and shows the live run view. */
export function RunLoader({ runId }: { runId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    setLoad({ state: 'loading' })
    fetchJson<RunViewData>(`/api/runs/${encodeURIComponent(runId)}`)
      .then((data) => !cancelled && setLoad({ state: 'ready', data }))
      .catch((error) => {
        if (cancelled) return
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400)
        setLoad(missing ? { state: 'missing' } : { state: 'failed', message: errorMessage(error) })
      })
    return () => {
      cancelled = true
    }
  }, [runId, attempt])

  switch (load.state) {
    case 'ready':
      return <RunView key={load.data.run.id} data={load.data} />
    case 'loading':
      return <RunSkeleton />
    case 'missing':
      return (
        <Message title="Run not found" testId="run-missing">
          There is no run with this id. <Link href="/runs" className="text-indigo-600 hover:underline">See all runs</Link>.
        </Message>
      )
    case 'failed':
      return (
        <Message title="Could not load the run" testId="run-load-error">
          <span className="block">{load.message}</span>
          <Button className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Message>
      )
  }
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

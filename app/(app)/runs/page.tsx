import type { Metadata } from 'next'
import { IntentLink } from '@/components/ui/IntentLink'
import { RunsList } from '@/components/runs/RunsList'
import { RunStatusFilter } from '@/components/runs/RunStatusFilter'
import { RunTriggerFilter } from '@/components/runs/RunTriggerFilter'
import { readRunsFilter, runsFilterHref } from '@/components/runs/runs-filter'

export const metadata: Metadata = { title: 'Runs' }

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filter = readRunsFilter(await searchParams)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Runs</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Every run of every workflow, newest first.
            {filter.workflowId ? (
              <>
                {' '}
                Showing one workflow only ·{' '}
                <IntentLink href={runsFilterHref({ status: filter.status })} className="text-indigo-600 hover:underline">
                  show all
                </IntentLink>
              </>
            ) : null}
          </p>
        </div>
      </div>
      <RunStatusFilter filter={filter} />
      <RunTriggerFilter filter={filter} />
      <RunsList workflowId={filter.workflowId} status={filter.status} trigger={filter.trigger} />
    </div>
  )
}

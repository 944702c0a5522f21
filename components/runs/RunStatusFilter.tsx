import { IntentLink } from '@/components/ui/IntentLink'
import { cn } from '@/components/ui'
import { runStatusSchema } from '@/lib/contracts/runs'
import { runsFilterHref, type RunsFilter } from './runs-filter'
import { RUN_STATUS_LABEL } from './status-style'

const LABEL = { ...RUN_STATUS_LABEL, waiting: 'Waiting' }

/** Status chips above the runs list; each is a link, so the filter is the URL's. */
export function RunStatusFilter({ filter }: { filter: RunsFilter }) {
  const options = [undefined, ...runStatusSchema.options]
  return (
    <nav aria-label="Filter runs by status" className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="run-status-filter">
      {options.map((status) => {
        const current = filter.status === status
        return (
          <IntentLink
            key={status ?? 'all'}
            href={runsFilterHref({ ...filter, status })}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'rounded-full border px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-indigo-500',
              current
                ? 'border-indigo-300 bg-indigo-50 font-medium text-indigo-800'
                : 'border-zinc-200 bg-white text-zinc-600 hover:border-zinc-300 hover:text-zinc-900',
            )}
          >
            {status ? LABEL[status] : 'All'}
          </IntentLink>
        )
      })}
    </nav>
  )
}

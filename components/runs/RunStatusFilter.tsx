import { runStatusSchema } from '@/lib/contracts/runs'
import { FilterChip } from './FilterChip'
import { runsFilterHref, type RunsFilter } from './runs-filter'
import { RUN_STATUS_LABEL } from './status-style'

const LABEL = { ...RUN_STATUS_LABEL, waiting: 'Waiting' }

/** Status chips above the runs list; each is a link, so the filter is the URL's. */
export function RunStatusFilter({ filter }: { filter: RunsFilter }) {
  const options = [undefined, ...runStatusSchema.options]
  return (
    <nav aria-label="Filter runs by status" className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="run-status-filter">
      {options.map((status) => (
        <FilterChip key={status ?? 'all'} href={runsFilterHref({ ...filter, status })} current={filter.status === status}>
          {status ? LABEL[status] : 'All'}
        </FilterChip>
      ))}
    </nav>
  )
}

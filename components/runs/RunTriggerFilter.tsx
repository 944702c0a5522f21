import { runTriggerKindSchema, type RunTriggerKind } from '@/lib/contracts/runs'
import { FilterChip } from './FilterChip'
import { runsFilterHref, type RunsFilter } from './runs-filter'

const LABEL: Record<RunTriggerKind, string> = { manual: 'Manual', schedule: 'Schedule', webhook: 'Webhook', published: 'Public form' }

/** How-started chips beside the status ones: every run, or those a person or client, a schedule, a webhook or a visitor of a public form started. */
export function RunTriggerFilter({ filter }: { filter: RunsFilter }) {
  const options = [undefined, ...runTriggerKindSchema.options]
  return (
    <nav aria-label="Filter runs by how they started" className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="run-trigger-filter">
      <span className="text-zinc-500">Started:</span>
      {options.map((trigger) => (
        <FilterChip key={trigger ?? 'any'} href={runsFilterHref({ ...filter, trigger })} current={filter.trigger === trigger}>
          {trigger ? LABEL[trigger] : 'Any way'}
        </FilterChip>
      ))}
    </nav>
  )
}

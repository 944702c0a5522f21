import { IntentLink } from '@/components/ui/IntentLink'
import { cn } from '@/components/ui'
import { runTriggerKindSchema, type RunTriggerKind } from '@/lib/contracts/runs'
import { runsFilterHref, type RunsFilter } from './runs-filter'

const LABEL: Record<RunTriggerKind, string> = { manual: 'Manual', schedule: 'Schedule', webhook: 'Webhook' }

/** How-started chips beside the status ones: every run, or those a person or client, a schedule or a webhook started. */
export function RunTriggerFilter({ filter }: { filter: RunsFilter }) {
  const options = [undefined, ...runTriggerKindSchema.options]
  return (
    <nav aria-label="Filter runs by how they started" className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="run-trigger-filter">
      <span className="text-zinc-500">Started:</span>
      {options.map((trigger) => {
        const current = filter.trigger === trigger
        return (
          <IntentLink
            key={trigger ?? 'any'}
            href={runsFilterHref({ ...filter, trigger })}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'rounded-full border px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-indigo-500',
              current
                ? 'border-indigo-300 bg-indigo-50 font-medium text-indigo-800'
                : 'border-zinc-200 bg-white text-zinc-600 hover:border-zinc-300 hover:text-zinc-900',
            )}
          >
            {trigger ? LABEL[trigger] : 'Any way'}
          </IntentLink>
        )
      })}
    </nav>
  )
}

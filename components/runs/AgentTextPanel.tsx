import { cn } from '@/components/ui'
import { Panel } from './Panel'
import type { AgentText, NodeRunStatus } from './run-state'

export interface AgentTextPanelProps {
  texts: AgentText[]
  labelOf: (executorId: string) => string
  statusOf: (nodeId: string) => NodeRunStatus
}

/** What each agent wrote, as it streams in. */
export function AgentTextPanel({ texts, labelOf, statusOf }: AgentTextPanelProps) {
  if (texts.length === 0) return null
  return (
    <Panel title="Agent messages" bodyClassName="flex flex-col gap-3" data-testid="agent-text">
      {texts.map((entry) => {
        const streaming = entry.nodeId !== null && statusOf(entry.nodeId) === 'running'
        return (
          <article key={entry.executorId} className="flex flex-col gap-1">
            <h3 className="text-xs font-semibold text-zinc-600">{labelOf(entry.executorId)}</h3>
            <p
              className={cn(
                'max-h-64 overflow-auto rounded-md border border-zinc-100 bg-zinc-50 px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap break-words text-zinc-800',
              )}
            >
              {entry.text}
              {streaming ? <span aria-hidden className="ml-0.5 inline-block h-3.5 w-1.5 animate-pulse bg-indigo-400 align-middle" /> : null}
            </p>
          </article>
        )
      })}
    </Panel>
  )
}

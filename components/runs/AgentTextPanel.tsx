import { cn } from '@/components/ui'
import { ContinueInChatButton } from './ContinueInChatButton'
import { Panel } from './Panel'
import type { AgentText, NodeRunStatus } from './run-state'

export interface AgentTextPanelProps {
  texts: AgentText[]
  labelOf: (executorId: string) => string
  statusOf: (nodeId: string) => NodeRunStatus
  /** Offers "Continue in chat" for the run's agent nodes once they are done (not on a shared view, not for turns). */
  continueRunId?: string
}

/** What each agent wrote, as it streams in. */
export function AgentTextPanel({ texts, labelOf, statusOf, continueRunId }: AgentTextPanelProps) {
  if (texts.length === 0) return null
  return (
    <Panel title="Agent messages" bodyClassName="flex flex-col gap-3" data-testid="agent-text">
      {texts.map((entry) => {
        const streaming = entry.nodeId !== null && statusOf(entry.nodeId) === 'running'
        return (
          <article key={entry.executorId} className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-xs font-semibold text-zinc-600">{labelOf(entry.executorId)}</h3>
              {continueRunId && entry.nodeId !== null && entry.nodeId === entry.executorId && !streaming ? (
                <ContinueInChatButton runId={continueRunId} nodeId={entry.nodeId} />
              ) : null}
            </div>
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

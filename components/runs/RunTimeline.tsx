'use client'

import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { cn } from '@/components/ui'
import { EventIcon } from './EventIcon'
import { JsonBlock } from './JsonBlock'
import { formatOffset } from './format'
import { taskCancelState } from './mcp-tasks'
import { TaskCancelButton } from './TaskCancelButton'
import { TaskProgressBar } from './TaskProgressBar'
import { useTaskCancels, type CancellableTask, type TaskCancelAttempt } from './use-task-cancels'
import { timelineEntries, type EventTone, type TimelineEntry } from './timeline'
import type { RunEvent } from '@/lib/contracts/run-events'

const TONE: Record<EventTone, string> = {
  neutral: 'bg-zinc-100 text-zinc-600',
  muted: 'bg-zinc-50 text-zinc-400',
  info: 'bg-sky-50 text-sky-600',
  success: 'bg-emerald-50 text-emerald-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
  accent: 'bg-indigo-50 text-indigo-600',
}

export interface RunTimelineProps {
  events: readonly RunEvent[]
  labelOf: (executorId: string) => string
  startedAt: string | null
  /** Whether the run is still going: only then can its tasks be cancelled. */
  runActive?: boolean
  /** The run whose running MCP tasks get a Cancel button; omitted in read-only (shared) views. */
  cancelTasksOf?: string
}

/** The run's events as readable rows; keeps the newest row in view while the reader is at the bottom. */
export function RunTimeline({ events, labelOf, startedAt, runActive = false, cancelTasksOf }: RunTimelineProps) {
  const entries = useMemo(() => timelineEntries(events, labelOf), [events, labelOf])
  const taskCancels = useTaskCancels(cancelTasksOf ?? '')
  const scroller = useRef<HTMLDivElement>(null)
  const pinnedToBottom = useRef(true)

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const onScroll = () => {
      pinnedToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [])

  useLayoutEffect(() => {
    const element = scroller.current
    if (element && pinnedToBottom.current) element.scrollTop = element.scrollHeight
  }, [entries])

  if (entries.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-zinc-500">No events yet.</p>
  }
  return (
    <div ref={scroller} className="h-full min-h-0 overflow-y-auto" data-testid="run-timeline">
      <ol aria-label="Run events" className="flex flex-col">
        {entries.map((entry) => {
          const task = entry.task
          const state = task ? taskCancelState({ ...task, runActive, canCancel: cancelTasksOf !== undefined }) : 'none'
          const cancel = task && state !== 'none' ? { state, attempt: taskCancels.attemptFor(task), onCancel: taskCancels.cancel } : undefined
          return <TimelineRow key={entry.key} entry={entry} startedAt={startedAt} cancel={cancel} />
        })}
      </ol>
    </div>
  )
}

interface RowTaskCancel {
  state: 'available' | 'requested'
  attempt: TaskCancelAttempt
  onCancel: (task: CancellableTask) => void
}

const TimelineRow = memo(function TimelineRow({ entry, startedAt, cancel }: { entry: TimelineEntry; startedAt: string | null; cancel?: RowTaskCancel }) {
  const hasData = entry.data !== null && entry.data !== undefined && !isEmptyObject(entry.data)
  const content = (
    <>
      <span className={cn('mt-px flex h-5 w-5 shrink-0 items-center justify-center rounded-full', TONE[entry.tone])}>
        <EventIcon icon={entry.icon} className="h-3.5 w-3.5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="line-clamp-2 min-w-0 text-[13px] font-medium break-words text-zinc-800">
            {entry.title}
            {entry.count > 1 ? <span className="ml-1.5 text-[11px] font-normal text-zinc-400">{entry.count} updates</span> : null}
          </span>
          <span className="shrink-0 font-mono text-[11px] text-zinc-400" title={`#${entry.sequence} · ${entry.createdAt}`}>
            {formatOffset(entry.createdAt, startedAt)}
          </span>
        </span>
        {entry.detail ? <span className="line-clamp-2 block text-xs break-words text-zinc-500">{entry.detail}</span> : null}
        {entry.task ? <TaskProgressBar task={entry.task} /> : null}
      </span>
    </>
  )
  return (
    <li className="border-b border-zinc-100 last:border-b-0" data-event-type={entry.type}>
      {hasData ? (
        // The whole row is the disclosure's toggle: compact, and keyboard-operable like any <details>.
        <details className="group">
          <summary className="flex cursor-pointer list-none gap-2.5 px-3 py-1.5 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden">
            {content}
          </summary>
          <div className="px-3 pb-2 pl-10">
            <JsonBlock value={entry.data} />
          </div>
        </details>
      ) : (
        <div className="flex gap-2.5 px-3 py-1.5">{content}</div>
      )}
      {/* Beside the disclosure, not in its summary: pressing it must not open the row. */}
      {cancel && entry.task ? <TaskCancelButton task={entry.task} state={cancel.state} attempt={cancel.attempt} onCancel={cancel.onCancel} /> : null}
    </li>
  )
})

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
}

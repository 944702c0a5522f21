import { cn } from '@/components/ui'
import { taskProgress, type TaskStatus } from './mcp-tasks'

/** A long-running MCP task's reported progress: a bar when its server gave a total, a moving stripe and the count when not. */
export function TaskProgressBar({ task }: { task: Pick<TaskStatus, 'status' | 'progress' | 'total' | 'toolName'> }) {
  const progress = taskProgress(task)
  if (!progress) return null
  const percent = progress.fraction === null ? undefined : Math.round(progress.fraction * 100)
  return (
    <span className="mt-1 flex items-center gap-2" data-testid="task-progress">
      <span
        role="progressbar"
        aria-label={`Progress of ${task.toolName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress.label}
        className="relative h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200"
      >
        <span
          className={cn('absolute inset-y-0 left-0 rounded-full bg-sky-500 transition-[width]', percent === undefined && 'w-1/3 animate-pulse')}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </span>
      <span className="shrink-0 font-mono text-[11px] text-zinc-500 tabular-nums">{progress.label}</span>
    </span>
  )
}

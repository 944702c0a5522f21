import type { ExperimentView } from '@/lib/contracts/experiments'

/** How far an experiment is: runs scored of all its runs (rows × trials). */
export function ExperimentProgress({ experiment }: { experiment: Pick<ExperimentView, 'progress' | 'status'> }) {
  const { done, total } = experiment.progress
  const percent = total === 0 ? 100 : Math.round((done / total) * 100)
  return (
    <div className="flex items-center gap-3" data-testid="experiment-progress" data-percent={percent}>
      <span
        role="progressbar"
        aria-label="Experiment progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${done} of ${total} runs scored`}
        className="relative h-2 flex-1 overflow-hidden rounded-full bg-zinc-200"
      >
        <span
          className={`absolute inset-y-0 left-0 rounded-full transition-[width] ${experiment.status === 'failed' ? 'bg-red-500' : experiment.status === 'cancelled' ? 'bg-zinc-400' : 'bg-indigo-500'}`}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="shrink-0 text-xs text-zinc-600 tabular-nums" data-testid="experiment-progress-label">
        {percent} % · {done}/{total} runs
      </span>
    </div>
  )
}

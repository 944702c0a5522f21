import { Panel } from './Panel'
import { outputText } from './format'
import { isTerminalStatus, type RunStatus } from '@/lib/contracts/runs'

export interface RunOutputPanelProps {
  status: RunStatus
  /** The final outputs once the run finished; null before. */
  outputs: unknown[] | null
  /** Outputs yielded so far while the run goes on. */
  streamedOutputs: unknown[]
  /** What went wrong on the way ("1 request denied"): the output is read knowing it. */
  setbacks?: string | null
}

/** The run's outputs: the final list when there is one, else what was yielded so far ("so far" only while the run goes on). */
export function RunOutputPanel({ status, outputs, streamedOutputs, setbacks }: RunOutputPanelProps) {
  const shown = outputs ?? streamedOutputs
  // A run that has ended yields nothing more, whether or not its final list has arrived yet.
  const final = outputs !== null || isTerminalStatus(status)
  return (
    <Panel
      title={final ? 'Output' : 'Output so far'}
      data-testid="run-output"
      aria-live="polite"
      actions={shown.length > 1 ? <span className="text-[11px] text-zinc-500">{shown.length} outputs</span> : null}
    >
      {setbacks && shown.length > 0 ? (
        <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-[13px] text-amber-900" data-testid="run-output-setbacks">
          Produced after {setbacks} (see above).
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-sm text-zinc-500">{emptyMessage(status)}</p>
      ) : (
        <div className="flex flex-col gap-2">
          {shown.map((output, index) => (
            <pre
              key={index}
              className="max-h-80 overflow-auto rounded-md bg-zinc-50 p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap break-words text-zinc-900"
            >
              {outputText(output)}
            </pre>
          ))}
        </div>
      )}
    </Panel>
  )
}

function emptyMessage(status: RunStatus): string {
  switch (status) {
    case 'succeeded':
      return 'The run finished without output.'
    case 'failed':
      return 'The run failed before producing output.'
    case 'cancelled':
      return 'The run was cancelled before producing output.'
    default:
      return 'No output yet.'
  }
}

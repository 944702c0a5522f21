import type { RunSetbacks } from './run-setbacks'

export interface RunSetbacksPanelProps {
  setbacks: RunSetbacks
  labelOf: (executorId: string) => string
}

const KIND_NOUN = {
  human_input: 'question',
  tool_call: 'tool call',
  sampling: 'sampling request',
  elicitation: 'information request',
  breakpoint: 'breakpoint',
} as const

/**
 * What went wrong in a run that went on regardless: each denied request with who denied it and
 * the reason, each failed tool call with what the server said. Renders nothing when all went well.
 */
export function RunSetbacksPanel({ setbacks, labelOf }: RunSetbacksPanelProps) {
  const { denied, failedToolCalls } = setbacks
  if (denied.length === 0 && failedToolCalls.length === 0) return null
  const heading =
    denied.length > 0 && failedToolCalls.length > 0
      ? 'A request was denied, and a tool call failed'
      : denied.length > 0
        ? denied.length === 1
          ? 'A request was denied'
          : 'Requests were denied'
        : failedToolCalls.length === 1
          ? 'A tool call failed'
          : 'Tool calls failed'
  return (
    <section role="status" data-testid="run-setbacks" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <h2 className="font-semibold">{heading}</h2>
      <ul className="mt-2 flex flex-col gap-2 text-[13px]">
        {denied.map(({ approval, reason, decidedBy }) => (
          <li key={approval.id} data-testid="run-setback-denied">
            <span className="font-medium">{approval.title}</span>: this {KIND_NOUN[approval.kind] ?? 'request'} was denied
            {decidedBy ? ` by ${decidedBy}` : ''}.{' '}
            {reason ? (
              <>
                Reason given: <q className="italic">{reason}</q>
              </>
            ) : (
              'No reason was given.'
            )}
          </li>
        ))}
        {failedToolCalls.map((failure) => (
          <li key={failure.sequence} data-testid="run-setback-tool">
            <span className="font-medium">{failure.executorId ? labelOf(failure.executorId) : 'An agent'}</span> called {failure.name}, which failed. The server
            said: <q className="break-words">{failure.message}</q>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-[12px] text-amber-800">The agent was given the failure as the tool&apos;s result and went on; its output below rests on it.</p>
    </section>
  )
}

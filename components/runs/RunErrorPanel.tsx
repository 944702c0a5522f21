export interface RunErrorPanelProps {
  error: string | null
  /** Per-node failures, by node id. */
  nodeErrors: Record<string, string>
  labelOf: (executorId: string) => string
}

/** Why the run failed, and which nodes failed with what. Renders nothing when all went well. */
export function RunErrorPanel({ error, nodeErrors, labelOf }: RunErrorPanelProps) {
  const failures = Object.entries(nodeErrors)
  if (!error && failures.length === 0) return null
  return (
    <section role="alert" data-testid="run-error" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <h2 className="font-semibold">{error ? 'The run failed' : 'A step failed'}</h2>
      {error ? <p className="mt-1 whitespace-pre-wrap break-words">{error}</p> : null}
      {failures.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1 text-[13px]">
          {failures.map(([nodeId, message]) => (
            <li key={nodeId}>
              <span className="font-medium">{labelOf(nodeId)}:</span> {message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

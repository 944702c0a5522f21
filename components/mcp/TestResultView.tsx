import type { TestState } from './connection-test'
import { ToolSummaryView } from './ToolSummaryView'

/** The outcome of "Test connection": the server's tools, or why it could not be reached. */
export function TestResultView({ state }: { state: TestState }) {
  if (state.status === 'running') {
    return (
      <p className="text-xs text-zinc-500" data-testid="mcp-test-result" data-status="running" aria-live="polite">
        Connecting…
      </p>
    )
  }
  const failure = state.status === 'failed' ? state.message : state.result.ok ? undefined : (state.result.error ?? 'The connection failed.')
  if (failure !== undefined) {
    return (
      <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-800" data-testid="mcp-test-result" data-status="failed">
        <p className="font-medium">Connection failed</p>
        <p className="mt-0.5 font-mono break-words">{failure}</p>
      </div>
    )
  }
  const tools = state.status === 'done' ? state.result.tools : []
  return (
    <div className="rounded-md bg-emerald-50 px-3 py-2 text-xs text-emerald-900" data-testid="mcp-test-result" data-status="ok" aria-live="polite">
      <p className="font-medium">
        Connected: {tools.length} {tools.length === 1 ? 'tool' : 'tools'}
      </p>
      {tools.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-0.5">
          {tools.map((tool) => (
            <ToolSummaryView key={tool.name} tool={tool} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

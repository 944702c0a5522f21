import type { McpToolSummary } from '@/lib/contracts/mcp-servers'

const TASK_LABEL = { required: 'runs as a task', optional: 'may run as a task' } as const

export interface ToolSummaryViewProps {
  tool: McpToolSummary
}

/** One tool of a connection test, collapsed to its name: opened, its description and declared parameters. */
export function ToolSummaryView({ tool }: ToolSummaryViewProps) {
  const task = tool.taskSupport === 'forbidden' ? undefined : TASK_LABEL[tool.taskSupport]
  return (
    <li data-testid="mcp-test-tool" data-tool={tool.name}>
      <details className="group rounded border border-emerald-100 bg-white/60 px-2 py-1">
        <summary className="cursor-pointer list-inside">
          <code className="font-mono font-medium">{tool.name}</code>
          <span className="text-emerald-800">
            {' '}
            · {tool.parameters.length} {tool.parameters.length === 1 ? 'parameter' : 'parameters'}
          </span>
          {task ? (
            <span className="ml-1 rounded bg-amber-100 px-1 text-[11px] text-amber-900" data-testid="mcp-tool-task">
              {task}
            </span>
          ) : null}
        </summary>
        {tool.description ? <p className="mt-1 text-zinc-700">{tool.description}</p> : null}
        {tool.parameters.length > 0 ? (
          <table className="mt-1 w-full text-left text-[12px]" data-testid="mcp-tool-parameters">
            <thead className="text-zinc-500">
              <tr>
                <th className="pr-2 font-medium">Parameter</th>
                <th className="pr-2 font-medium">Type</th>
                <th className="pr-2 font-medium">Required</th>
                <th className="font-medium">Description</th>
              </tr>
            </thead>
            <tbody>
              {tool.parameters.map((parameter) => (
                <tr key={parameter.name} data-testid="mcp-tool-parameter" data-parameter={parameter.name} className="align-top">
                  <td className="pr-2 font-mono">{parameter.name}</td>
                  <td className="pr-2 font-mono text-zinc-600">{parameter.type}</td>
                  <td className="pr-2">{parameter.required ? 'required' : 'optional'}</td>
                  <td className="text-zinc-700">{parameter.description || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-1 text-zinc-500">No parameters.</p>
        )}
      </details>
    </li>
  )
}

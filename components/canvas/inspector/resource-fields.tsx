'use client'

import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { useEditorResources } from '../editor-resources'

export function McpServersField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const { mcpServers } = useEditorResources()
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((v) => v !== id))
  const known = mcpServers.state === 'ready' ? mcpServers.items : []
  const missing = value.filter((id) => !known.some((server) => server.id === id))
  return (
    <fieldset data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-600">{label}</legend>
      {mcpServers.state === 'loading' ? <p className="text-xs text-zinc-500">Loading servers…</p> : null}
      {mcpServers.state === 'error' ? <p className="text-xs text-red-600">Could not load MCP servers: {mcpServers.message}</p> : null}
      {mcpServers.state === 'ready' && known.length === 0 ? <p className="text-xs text-zinc-500">No MCP servers are registered.</p> : null}
      {known.map((server) => (
        <label key={server.id} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50">
          <input
            type="checkbox"
            data-testid={`${testId}-${server.id}`}
            className="mt-0.5 h-4 w-4 rounded border-zinc-300 accent-indigo-600"
            checked={value.includes(server.id)}
            onChange={(e) => toggle(server.id, e.target.checked)}
          />
          <span className="min-w-0 flex-1">
            <span className="block text-zinc-800">{server.name}</span>
            <span className="block truncate text-xs text-zinc-500">
              {server.id} · {server.transport}
              {server.description ? ` · ${server.description}` : ''}
            </span>
          </span>
        </label>
      ))}
      {mcpServers.state !== 'loading' &&
        missing.map((id) => (
          <label key={id} className="flex items-center gap-2 px-1 py-1 text-sm text-amber-800">
            <input type="checkbox" data-testid={`${testId}-${id}`} className="h-4 w-4 accent-indigo-600" checked onChange={() => toggle(id, false)} />
            {id} <span className="text-xs">(not registered)</span>
          </label>
        ))}
    </fieldset>
  )
}

export function WorkflowField({ id, label, testId, value, onChange }: { id: string; label: string; testId: string; value: string; onChange: (id: string) => void }) {
  const { workflows } = useEditorResources()
  const items = workflows.state === 'ready' ? workflows.items : []
  const options = [
    { value: '', label: workflows.state === 'loading' ? 'Loading…' : 'Choose a workflow' },
    ...items.map((workflow) => ({ value: workflow.id, label: `${workflow.name}${workflow.latestVersion ? ` (v${workflow.latestVersion})` : ' (not saved)'}` })),
    ...(value && !items.some((workflow) => workflow.id === value) ? [{ value, label: `${value} (unknown)` }] : []),
  ]
  return (
    <Field label={label} htmlFor={id} error={workflows.state === 'error' ? `Could not load workflows: ${workflows.message}` : undefined}>
      <Select id={id} data-testid={testId} options={options} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

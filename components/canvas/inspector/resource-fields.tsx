'use client'

import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { errorMessage } from '@/components/api-client'
import { useMcpServersQuery } from '@/components/queries/mcp-servers'
import { useWorkflowsQuery } from '@/components/queries/workflows'
import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import { ChecklistField, type ChecklistItem } from './checklist-field'

const MCP_MESSAGES = { loading: 'Loading servers…', failed: 'Could not load MCP servers', empty: 'No MCP servers are registered.', unknown: '(not registered)' }

function serverItem(server: McpServerSummary): ChecklistItem {
  return { value: server.id, name: server.name, detail: `${server.id} · ${server.transport}${server.description ? ` · ${server.description}` : ''}` }
}

/** An agent's MCP servers, picked from the registered ones (GET /api/mcp-servers). */
export function McpServersField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const servers = useMcpServersQuery()
  return (
    <ChecklistField
      label={label}
      testId={testId}
      value={value}
      onChange={onChange}
      items={servers.data?.servers.map(serverItem)}
      loading={servers.isPending}
      loadError={servers.error}
      messages={MCP_MESSAGES}
    />
  )
}

/** A sub-workflow node's workflow (GET /api/workflows). */
export function WorkflowField({ id, label, testId, value, onChange }: { id: string; label: string; testId: string; value: string; onChange: (id: string) => void }) {
  const workflows = useWorkflowsQuery()
  const items = workflows.data ?? []
  const options = [
    { value: '', label: workflows.isPending ? 'Loading…' : 'Choose a workflow' },
    ...items.map((workflow) => ({ value: workflow.id, label: `${workflow.name}${workflow.latestVersion ? ` (v${workflow.latestVersion})` : ' (not saved)'}` })),
    ...(value && !items.some((workflow) => workflow.id === value) ? [{ value, label: `${value} (unknown)` }] : []),
  ]
  return (
    <Field label={label} htmlFor={id} error={workflows.isError ? `Could not load workflows: ${errorMessage(workflows.error)}` : undefined}>
      <Select id={id} data-testid={testId} options={options} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

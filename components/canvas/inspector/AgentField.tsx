'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { Field } from '@/components/ui/Field'
import { Select } from '@/components/ui/Select'
import { errorMessage } from '@/components/api-client'
import { useAgentsQuery } from '@/components/queries/agents'
import { useEditorAccess } from '../EditorWorkspaceProvider'

/** A saved-agent node's agent, one of the workflow's workspace (what its runs may use), with a link to design it on the Agents page. */
export function AgentField({
  id,
  label,
  testId,
  value,
  onChange,
}: {
  id: string
  label: string
  testId: string
  value: string
  onChange: (id: string) => void
}) {
  const agents = useAgentsQuery(useEditorAccess().workspaceId ?? undefined)
  const items = agents.data ?? []
  const options = [
    { value: '', label: agents.isPending ? 'Loading…' : items.length === 0 ? 'No agents yet' : 'Choose an agent' },
    ...items.map((agent) => ({ value: agent.id, label: `${agent.name}${agent.latestVersion ? ` (v${agent.latestVersion})` : ''}` })),
    ...(value && !agents.isPending && !items.some((agent) => agent.id === value) ? [{ value, label: `${value} (unknown)` }] : []),
  ]
  return (
    <Field label={label} htmlFor={id} error={agents.isError ? `Could not load agents: ${errorMessage(agents.error)}` : undefined}>
      <Select id={id} data-testid={testId} options={options} value={value} onChange={(e) => onChange(e.target.value)} />
      {value ? (
        <IntentLink href={`/agents/${encodeURIComponent(value)}`} className="mt-1 inline-block text-xs text-indigo-600 hover:underline">
          Open on the Agents page
        </IntentLink>
      ) : (
        <IntentLink href="/agents" className="mt-1 inline-block text-xs text-indigo-600 hover:underline">
          Design agents on the Agents page
        </IntentLink>
      )}
    </Field>
  )
}

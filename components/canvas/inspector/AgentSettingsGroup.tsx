'use client'

import { Button } from '@/components/ui/Button'
import { AgentSettingsSchema } from '@/lib/graph/node-data'
import { agentSettingsFields, getAt } from '../inspector-fields'
import type { FieldRenderer, ListEditorProps } from './field-types'
import { ListSection } from './ListSection'

export interface AgentSettingsGroupProps extends Omit<ListEditorProps, 'help'> {
  /** Renders each of the agent's settings. */
  renderField: FieldRenderer
}

/** An agent's settings nested in a node (an orchestrator, a manager); absent until configured. */
export function AgentSettingsGroup({ label, testId, data, path, onChange, renderField: FieldControl }: AgentSettingsGroupProps) {
  const value = getAt(data, path)
  if (value === undefined) {
    return (
      <ListSection label={label} testId={testId}>
        <Button size="sm" data-testid={`${testId}-configure`} onClick={() => onChange(path, AgentSettingsSchema.parse({ name: label }))}>
          Configure {label.toLowerCase()}
        </Button>
      </ListSection>
    )
  }
  const fieldId = path[path.length - 1]
  return (
    <ListSection label={label} testId={testId}>
      <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-2">
        {agentSettingsFields().map((field) => (
          <FieldControl key={field.id} field={field} data={data} basePath={path} onChange={onChange} testIdPrefix={String(fieldId)} />
        ))}
      </div>
    </ListSection>
  )
}

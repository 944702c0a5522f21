'use client'

import { Field } from '@/components/ui/Field'
import { Select } from '@/components/ui/Select'
import { errorMessage } from '@/components/api-client'
import { useWorkflowsQuery } from '@/components/queries/workflows'
import { useCanvasStore } from '../CanvasStoreProvider'
import { useEditorAccess } from '../EditorWorkspaceProvider'

/**
 * A sub-workflow node's workflow, one of the edited workflow's workspace (a run finds its sub-workflows there), refetched
 * whenever a workflow is created or renamed. The workflow being edited is not offered: a workflow that runs itself never ends.
 */
export function WorkflowField({
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
  const workflows = useWorkflowsQuery({ workspaceId: useEditorAccess().workspaceId ?? undefined })
  const editedWorkflowId = useCanvasStore((s) => s.workflowId)
  const items = (workflows.data ?? []).filter((workflow) => workflow.id !== editedWorkflowId)
  const options = [
    { value: '', label: workflows.isPending ? 'Loading…' : 'Choose a workflow' },
    ...items.map((workflow) => ({ value: workflow.id, label: `${workflow.name}${workflow.latestVersion ? ` (v${workflow.latestVersion})` : ' (not saved)'}` })),
    ...(value && !items.some((workflow) => workflow.id === value)
      ? [{ value, label: value === editedWorkflowId ? 'This workflow (it cannot run itself)' : `${value} (unknown)` }]
      : []),
  ]
  return (
    <Field label={label} htmlFor={id} error={workflows.isError ? `Could not load workflows: ${errorMessage(workflows.error)}` : undefined}>
      <Select id={id} data-testid={testId} options={options} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

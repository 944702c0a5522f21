'use client'

import { useId, useState, type FormEvent } from 'react'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { useUpdateWorkflowDetails, useWorkflowMcpToolQuery } from '@/components/queries/workflows'
import { McpToolFields } from '@/components/mcp-endpoint/McpToolFields'
import { mcpToolChange, mcpToolDraft, type McpToolDraft } from '@/components/mcp-endpoint/mcp-tool-draft'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import type { WorkflowView } from '@/lib/contracts/workflows'

export interface WorkflowDetailsDialogProps {
  workflow: { id: string; name: string; description: string }
  onClose: () => void
  onSaved?: (workflow: WorkflowView) => void
}

/** A workflow's name, description and MCP tool offer, edited together; each refused field says why under itself. */
export function WorkflowDetailsDialog({ workflow, onClose, onSaved }: WorkflowDetailsDialogProps) {
  const ids = useId()
  const [name, setName] = useState(workflow.name)
  const [description, setDescription] = useState(workflow.description)
  // The list knows no offers: the dialog loads the workflow's, and edits a copy once it is there.
  const savedMcpTool = useWorkflowMcpToolQuery(workflow.id)
  const [mcpToolEdit, setMcpTool] = useState<McpToolDraft | undefined>()
  const mcpTool = mcpToolEdit ?? (savedMcpTool.isSuccess ? mcpToolDraft(savedMcpTool.data) : undefined)
  const update = useUpdateWorkflowDetails(workflow.id)
  const nameError = update.isError ? requestFieldError(update.error, 'name') : undefined
  const descriptionError = update.isError ? requestFieldError(update.error, 'description') : undefined
  const mcpToolError = update.isError ? requestFieldError(update.error, 'mcpTool.name') : undefined
  const otherError = update.isError && !nameError && !descriptionError && !mcpToolError ? errorMessage(update.error) : undefined

  const save = (event?: FormEvent) => {
    event?.preventDefault()
    const mcpToolChanged = mcpTool && savedMcpTool.isSuccess ? mcpToolChange(savedMcpTool.data, mcpTool) : undefined
    if (name.trim() === workflow.name && description === workflow.description && !mcpToolChanged) return onClose()
    update.mutate(
      // Only what changed: a name or description edited elsewhere meanwhile is not overwritten.
      {
        ...(name.trim() !== workflow.name ? { name: name.trim() } : {}),
        ...(description !== workflow.description ? { description } : {}),
        ...(mcpToolChanged ? { mcpTool: mcpToolChanged } : {}),
      },
      {
        onSuccess: (saved) => {
          onSaved?.(saved)
          onClose()
        },
      },
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Workflow details"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" data-testid="workflow-details-save" disabled={update.isPending} onClick={() => save()}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form className="flex flex-col gap-3" onSubmit={save}>
        <Field label="Name" htmlFor={`${ids}-name`} error={nameError}>
          <Input id={`${ids}-name`} data-testid="workflow-details-name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Description" htmlFor={`${ids}-description`} help="What the workflow does, for whoever opens it next." error={descriptionError}>
          <Textarea
            id={`${ids}-description`}
            data-testid="workflow-details-description"
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        {mcpTool ? (
          <McpToolFields subjectName={name} kind="workflow" value={mcpTool} onChange={setMcpTool} error={mcpToolError} testIdPrefix="workflow-details" />
        ) : null}
        {otherError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
            {otherError}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}

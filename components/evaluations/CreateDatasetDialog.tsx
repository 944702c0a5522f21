'use client'

import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { Button, Dialog, Field, Input, Select } from '@/components/ui'
import { useCreateDataset } from '@/components/queries/datasets'
import { useWorkflowsQuery } from '@/components/queries/workflows'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'

export interface CreateDatasetDialogProps {
  open: boolean
  onClose: () => void
}

/** A new, empty dataset in the current workspace; optionally typed by a workflow's declared start fields. */
export function CreateDatasetDialog({ open, onClose }: CreateDatasetDialogProps) {
  const id = useId()
  const router = useRouter()
  const workspaceId = useCurrentWorkspaceId()
  const workflows = useWorkflowsQuery({ enabled: open, workspaceId })
  const create = useCreateDataset()
  const [name, setName] = useState('')
  const [workflowId, setWorkflowId] = useState('')

  const submit = () =>
    create.mutate(
      { name, ...(workflowId ? { workflowId } : {}), ...(workspaceId ? { workspaceId } : {}) },
      {
        onSuccess: (saved) => {
          setName('')
          onClose()
          router.push(`/datasets/${saved.dataset.id}`)
        },
      },
    )

  const nameError = requestFieldError(create.error, 'name')
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New dataset"
      description="Rows of inputs and expected answers to run a workflow or agent on."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={create.isPending || name.trim() === ''} data-testid="create-dataset">
            Create
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Field label="Name" htmlFor={`${id}-name`} error={nameError}>
          <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} autoFocus data-testid="dataset-name" />
        </Field>
        <Field
          label="Typed by the start fields of"
          htmlFor={`${id}-workflow`}
          help="Optional: each row's input is checked against the workflow's declared fields."
        >
          <Select
            id={`${id}-workflow`}
            value={workflowId}
            onChange={(event) => setWorkflowId(event.target.value)}
            options={[
              { value: '', label: 'No workflow (text inputs)' },
              ...(workflows.data ?? []).map((workflow) => ({ value: workflow.id, label: workflow.name })),
            ]}
          />
        </Field>
        {create.error && !nameError ? (
          <p role="alert" className="text-xs text-red-600">
            {errorMessage(create.error)}
          </p>
        ) : null}
      </form>
    </Dialog>
  )
}

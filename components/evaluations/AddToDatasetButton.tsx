'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useAddRowFromRun, useCreateDataset, useDatasetsQuery } from '@/components/queries/datasets'
import { Button, Dialog, Field, Input, Select } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'

/** The choice that makes a new dataset for the run (any other value is a dataset's id). */
const NEW_DATASET = '__new__'

/**
 * "Add to dataset" on a run's page: its input as a new row, its outputs as the expected answer, in a dataset chosen
 * here or made on the spot (in the run's workspace). One dialog: a second one on top would close this one.
 */
export function AddToDatasetButton({ runId, workspaceId }: { runId: string; workspaceId: string | null }) {
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState('')
  const [newName, setNewName] = useState('')
  const datasets = useDatasetsQuery({ workspaceId: workspaceId ?? undefined, enabled: open })
  const create = useCreateDataset()
  const add = useAddRowFromRun()
  const target = chosen || datasets.data?.[0]?.id || (datasets.data ? NEW_DATASET : '')
  const busy = create.isPending || add.isPending
  const error = create.error ?? add.error

  const close = () => {
    setOpen(false)
    add.reset()
    create.reset()
  }
  const submit = async () => {
    const datasetId = target === NEW_DATASET ? (await create.mutateAsync({ name: newName, ...(workspaceId ? { workspaceId } : {}) })).dataset.id : target
    add.mutate({ datasetId, runId })
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="add-to-dataset">
        Add to dataset
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Add this run to a dataset"
        description="Its input becomes a new row, and its outputs the row's expected answer (a new version of the dataset)."
        footer={
          add.isSuccess ? (
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button
                variant="primary"
                disabled={!target || busy || (target === NEW_DATASET && newName.trim() === '')}
                onClick={() => void submit().catch(() => undefined)}
                data-testid="add-to-dataset-confirm"
              >
                {busy ? 'Adding…' : 'Add'}
              </Button>
            </>
          )
        }
      >
        {add.isSuccess ? (
          <p role="status" className="text-sm text-zinc-700" data-testid="added-to-dataset">
            Added to{' '}
            <IntentLink href={`/datasets/${add.data.dataset.id}`} className="font-medium text-indigo-600 hover:underline">
              {add.data.dataset.name}
            </IntentLink>{' '}
            as row {add.data.version.rows.length} of version {add.data.version.version}.
          </p>
        ) : datasets.isError ? (
          <p className="text-sm text-red-600">Could not load datasets: {errorMessage(datasets.error)}</p>
        ) : !datasets.data ? (
          <p className="text-sm text-zinc-500">Loading datasets…</p>
        ) : (
          <div className="flex flex-col gap-3">
            <Select
              aria-label="Dataset"
              value={target}
              onChange={(event) => setChosen(event.target.value)}
              options={[
                ...datasets.data.map((dataset) => ({ value: dataset.id, label: `${dataset.name} (v${dataset.latestVersion})` })),
                { value: NEW_DATASET, label: 'New dataset…' },
              ]}
              data-testid="add-to-dataset-choice"
            />
            {target === NEW_DATASET ? (
              <Field label="Name of the new dataset">
                <Input value={newName} onChange={(event) => setNewName(event.target.value)} autoFocus data-testid="new-dataset-name" />
              </Field>
            ) : null}
          </div>
        )}
        {error ? (
          <p role="alert" className="text-xs text-red-600">
            {errorMessage(error)}
          </p>
        ) : null}
      </Dialog>
    </>
  )
}

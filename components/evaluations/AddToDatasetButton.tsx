'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useAddRowFromRun, useDatasetsQuery } from '@/components/queries/datasets'
import { Button, Dialog, Select } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import { CreateDatasetDialog } from './CreateDatasetDialog'

/** "Add to dataset" on a run's page: its input as a new row, its outputs as the expected answer, in a dataset chosen here. */
export function AddToDatasetButton({ runId, workspaceId }: { runId: string; workspaceId: string | null }) {
  const [open, setOpen] = useState(false)
  const [creating, setCreating] = useState(false)
  const [chosen, setChosen] = useState('')
  const datasets = useDatasetsQuery({ workspaceId: workspaceId ?? undefined, enabled: open })
  const add = useAddRowFromRun()
  const datasetId = chosen || datasets.data?.[0]?.id || ''

  const close = () => {
    setOpen(false)
    add.reset()
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="add-to-dataset">
        Add to dataset
      </Button>
      <Dialog
        open={open && !creating}
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
              <Button onClick={() => setCreating(true)} data-testid="add-to-new-dataset">
                New dataset…
              </Button>
              <Button
                variant="primary"
                disabled={!datasetId || add.isPending}
                onClick={() => add.mutate({ datasetId, runId })}
                data-testid="add-to-dataset-confirm"
              >
                {add.isPending ? 'Adding…' : 'Add'}
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
        ) : datasets.data.length === 0 ? (
          <p className="text-sm text-zinc-600">No dataset here yet: make one with “New dataset…”.</p>
        ) : (
          <Select
            aria-label="Dataset"
            value={datasetId}
            onChange={(event) => setChosen(event.target.value)}
            options={datasets.data.map((dataset) => ({ value: dataset.id, label: `${dataset.name} (v${dataset.latestVersion})` }))}
            data-testid="add-to-dataset-choice"
          />
        )}
        {add.error ? (
          <p role="alert" className="text-xs text-red-600">
            {errorMessage(add.error)}
          </p>
        ) : null}
      </Dialog>
      <CreateDatasetDialog
        open={creating}
        onClose={() => setCreating(false)}
        workspaceId={workspaceId ?? undefined}
        onCreated={(id) => {
          setChosen(id)
          add.mutate({ datasetId: id, runId })
        }}
      />
    </>
  )
}

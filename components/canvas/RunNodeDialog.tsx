'use client'

import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useStartRun } from '@/components/queries/runs'
import { useNodeInputsQuery } from '@/components/queries/workflow-pins'
import { Field, Select } from '@/components/ui'
import { JsonValueDialog } from './JsonValueDialog'

export interface RunNodeDialogProps {
  open: boolean
  onClose: () => void
  workflowId: string
  nodeId: string
  nodeTitle: string
  /** The input it opens with: what the node received in a run; without one, what it received in the latest run that reached it. */
  initialInput?: { value: unknown }
  /** The version whose node runs (default: the latest saved). */
  version?: number
}

/**
 * "Run this node…" (issue #31): a debug run of just this node, with its own settings, on an input typed as JSON (a
 * text goes as itself; any other value as its JSON text, as a start node passes a run's input on). Opens the run's page.
 */
export function RunNodeDialog({ open, onClose, workflowId, nodeId, nodeTitle, initialInput, version }: RunNodeDialogProps) {
  const router = useRouter()
  const startRun = useStartRun()
  const pickerId = useId()
  const recent = useNodeInputsQuery(workflowId, nodeId, open && initialInput === undefined)
  const [chosenRunId, setChosenRunId] = useState<string>()
  const inputs = recent.data ?? []
  const chosen = inputs.find((input) => input.runId === chosenRunId) ?? inputs[0]
  const opening = initialInput ?? (chosen ? { value: chosen.input } : undefined)
  const submit = async (value: unknown) => {
    const input = typeof value === 'string' ? value : JSON.stringify(value)
    const run = await startRun.mutateAsync({ workflowId, version, input, debug: { node: nodeId, breakpoints: [], pinned: {} } }).catch(() => undefined)
    if (run) router.push(`/runs/${encodeURIComponent(run.id)}`)
  }
  return (
    <JsonValueDialog
      open={open}
      onClose={() => {
        startRun.reset()
        onClose()
      }}
      title={`Run ${nodeTitle}`}
      description={`Runs just this node of the ${version === undefined ? 'latest saved' : `v${version}`} workflow, as a debug run, on the input below.`}
      label="Input"
      initialText={JSON.stringify(opening?.value ?? '', null, 2)}
      submitLabel={startRun.isPending ? 'Starting…' : 'Run this node'}
      busy={startRun.isPending}
      error={startRun.error ? errorMessage(startRun.error) : undefined}
      testId="run-one-node"
      onSubmit={(value) => void submit(value)}
    >
      {initialInput === undefined && inputs.length > 0 ? (
        <div className="mb-3">
          <Field label="Start from what it received in" htmlFor={pickerId}>
            <Select
              id={pickerId}
              value={chosen?.runId ?? ''}
              onChange={(event) => setChosenRunId(event.target.value)}
              data-testid="run-one-node-from"
              options={inputs.map((input) => ({ value: input.runId, label: `the run of ${new Date(input.runCreatedAt).toLocaleString()}` }))}
            />
          </Field>
        </div>
      ) : null}
    </JsonValueDialog>
  )
}

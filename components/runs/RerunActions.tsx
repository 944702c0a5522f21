'use client'

import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Button, Dialog, Field, Textarea } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useStartRun } from '@/components/queries/runs'
import type { RunDetail } from '@/lib/contracts/runs'

type VersionChoice = 'same' | 'latest'

/**
 * "Run again" starts a new run of the same workflow version with the same input; "Edit and run…"
 * lets the person change the input and choose this version or the workflow's latest one. Either
 * way the new run's page opens, and a toast says it started (or why it did not).
 */
export function RerunActions({ run }: { run: RunDetail }) {
  const router = useRouter()
  const start = useStartRun()
  const [editing, setEditing] = useState(false)
  const [input, setInput] = useState(run.input)
  const [version, setVersion] = useState<VersionChoice>('same')
  const inputId = useId()

  const rerun = (options: { input: string; version: VersionChoice }) =>
    start.mutate(
      { workflowId: run.workflowId, input: options.input, ...(options.version === 'same' ? { version: run.version } : {}) },
      {
        onSuccess: (started) => {
          setEditing(false)
          toast.success('Run started', {
            description: options.version === 'same' ? `${run.workflowName} v${run.version}` : `${run.workflowName}, latest version`,
          })
          router.push(`/runs/${started.id}`)
        },
        onError: (error) => toast.error('The run could not start', { description: errorMessage(error) }),
      },
    )

  return (
    <>
      <Button data-testid="run-rerun" disabled={start.isPending} onClick={() => rerun({ input: run.input, version: 'same' })}>
        {start.isPending && !editing ? 'Starting…' : 'Run again'}
      </Button>
      <Button
        data-testid="run-rerun-edit"
        onClick={() => {
          setInput(run.input)
          setVersion('same')
          setEditing(true)
        }}
      >
        Edit and run…
      </Button>
      <Dialog
        open={editing}
        onClose={() => setEditing(false)}
        title="Run again with other input"
        description={`A new run of ${run.workflowName}; this run stays as it is.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button variant="primary" data-testid="run-rerun-start" disabled={start.isPending} onClick={() => rerun({ input, version })}>
              {start.isPending ? 'Starting…' : 'Start run'}
            </Button>
          </>
        }
      >
        <Field label="Input" htmlFor={inputId}>
          <Textarea id={inputId} data-testid="run-rerun-input" rows={6} value={input} onChange={(event) => setInput(event.target.value)} />
        </Field>
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 text-xs font-medium text-zinc-600">Workflow version</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="rerun-version" checked={version === 'same'} onChange={() => setVersion('same')} />
            This run&rsquo;s version (v{run.version})
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="rerun-version" data-testid="run-rerun-latest" checked={version === 'latest'} onChange={() => setVersion('latest')} />
            The latest saved version
          </label>
        </fieldset>
        {start.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </Dialog>
    </>
  )
}

'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useId, useState, type ChangeEvent } from 'react'
import { errorMessage } from '@/components/api-client'
import { useCreateWorkflow } from '@/components/queries/workflows'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Textarea } from '@/components/ui/Textarea'
import { formatPath } from '@/lib/graph/problems'
import { readWorkflowFile, type WorkflowFileProblem } from '@/lib/graph/workflow-file'
import { graphProblemsOf } from './workflows-api'

export interface ImportWorkflowDialogProps {
  open: boolean
  onClose: () => void
}

type Outcome = { state: 'idle' } | { state: 'problems'; problems: WorkflowFileProblem[] } | { state: 'imported'; id: string; name: string }

/**
 * Imports a workflow file (or pasted JSON) as a NEW workflow: the open workflow and its unsaved
 * changes stay as they are, and nothing is created unless the whole file is valid. The result is a
 * link to the new workflow, so that leaving the editor goes through its unsaved-changes question.
 */
export function ImportWorkflowDialog({ open, onClose }: ImportWorkflowDialogProps) {
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string>()
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' })
  const create = useCreateWorkflow()
  const textId = useId()

  const close = () => {
    setText('')
    setFileName(undefined)
    setOutcome({ state: 'idle' })
    create.reset()
    onClose()
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    setFileName(file.name)
    setText(await file.text())
    setOutcome({ state: 'idle' })
  }

  const submit = () => {
    const fallbackName = fileName ? fileName.replace(/\.json$/i, '') : undefined
    const read = readWorkflowFile(text, { fallbackName })
    if (!read.ok) {
      setOutcome({ state: 'problems', problems: read.problems })
      return
    }
    create.mutate(
      { name: read.name, description: read.description, graph: read.document },
      {
        onSuccess: ({ workflow }) => setOutcome({ state: 'imported', id: workflow.id, name: workflow.name }),
        onError: (error) => {
          const problems = graphProblemsOf(error).filter((problem) => problem.severity === 'error')
          if (problems.length > 0) {
            setOutcome({
              state: 'problems',
              problems: problems.map((p) => ({ path: p.path ? formatPath(['document', ...p.path]) : 'document', message: p.message })),
            })
          }
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import a workflow"
      description="A workflow file exported from Agentloom (JSON). It becomes a new workflow; the one open here is not changed."
      size="2xl"
      footer={
        outcome.state === 'imported' ? (
          <>
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
            <IntentLink
              href={`/workflows/${outcome.id}`}
              data-testid="import-open"
              onClick={close}
              className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-500"
            >
              Open “{outcome.name}”
            </IntentLink>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button variant="primary" data-testid="import-submit" onClick={submit} disabled={text.trim() === '' || create.isPending}>
              {create.isPending ? 'Importing…' : 'Import as new workflow'}
            </Button>
          </>
        )
      }
    >
      {outcome.state === 'imported' ? (
        <p role="status" data-testid="import-done" className="text-sm text-emerald-700">
          Imported as “{outcome.name}”.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            File
            <input type="file" accept=".json,application/json" data-testid="import-file" onChange={(event) => void onFile(event)} className="text-sm" />
          </label>
          <Field label="…or paste the JSON" htmlFor={textId}>
            <Textarea
              id={textId}
              data-testid="import-text"
              rows={8}
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                setOutcome({ state: 'idle' })
              }}
              className="font-mono text-xs"
            />
          </Field>
          {outcome.state === 'problems' ? <ProblemList problems={outcome.problems} /> : null}
          {create.isError && outcome.state !== 'problems' ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(create.error)}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}

function ProblemList({ problems }: { problems: WorkflowFileProblem[] }) {
  return (
    <div role="alert" data-testid="import-problems" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">
        Nothing was imported: the file has {problems.length} {problems.length === 1 ? 'problem' : 'problems'}.
      </p>
      <ul className="mt-2 flex max-h-48 list-disc flex-col gap-1 overflow-auto pl-5">
        {problems.map((problem, index) => (
          <li key={index}>
            <code className="rounded bg-red-100 px-1 text-xs">{problem.path}</code> {problem.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

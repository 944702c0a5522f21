'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Textarea } from '@/components/ui/Textarea'
import { checkStartInput, type InputField, type InputProblem } from '@/lib/graph/start-input'
import { useStartRun } from '@/components/queries/runs'
import { graphProblemsOf } from './workflows-api'
import { selectIsDirty, selectReadOnly } from './store'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'
import { RunInputForm } from './RunInputForm'
import { DebugRunFields } from './DebugRunFields'
import { useBreakpoints } from './use-breakpoints'
import { emptyRunFormValues, runInputFromForm, type RunFormValues } from './run-input-values'

const NO_FIELDS: InputField[] = []

/**
 * Asks for the run input (text, or a form of the start node's declared input fields), saves a new version first when the canvas has unsaved changes (a run
 * always runs a saved version), starts the run and opens its page.
 */
export function RunDialog({ open, onClose, save }: { open: boolean; onClose: () => void; save: () => Promise<number | undefined> }) {
  const router = useRouter()
  const store = useCanvasStoreApi()
  const inputId = useId()
  const [input, setInput] = useState('')
  const [error, setError] = useState<string>()
  const [formValues, setFormValues] = useState<RunFormValues>({})
  const [fieldProblems, setFieldProblems] = useState<InputProblem[]>([])
  const [busy, setBusy] = useState(false)
  const startRun = useStartRun()
  const [debugging, setDebugging] = useState(false)
  const workflowId = useCanvasStore((s) => s.workflowId)
  const [breakpoints, setBreakpoints] = useBreakpoints(workflowId)
  const debugNodes = useCanvasStore((s) => s.nodes)
  const { inputDescription, inputFields, dirty } = useCanvasStore((s) => {
    if (!open) return { inputDescription: '', inputFields: NO_FIELDS, dirty: false }
    const start = s.nodes.find((node) => node.type === 'start')?.data
    return {
      inputDescription: start?.inputDescription ?? '',
      inputFields: start?.inputFields ?? NO_FIELDS,
      // A runner or viewer runs the saved version as it is: they may not save.
      dirty: !selectReadOnly(s) && (selectIsDirty(s) || s.version === null),
    }
  })

  useEffect(() => {
    if (!open) return
    setError(undefined)
    setFieldProblems([])
    setFormValues(emptyRunFormValues(inputFields))
  }, [open, inputFields])

  /** The run input as the server takes it: the text, or the form's object as JSON text once it matches the fields. */
  const runInput = (): string | undefined => {
    if (inputFields.length === 0) return input
    const checked = checkStartInput(inputFields, runInputFromForm(inputFields, formValues))
    if (checked.ok) return JSON.stringify(checked.value)
    setFieldProblems(checked.problems)
    const general = checked.problems.filter((problem) => problem.field === undefined)
    setError(general.length > 0 ? general.map((problem) => problem.message).join(' ') : 'Some fields need attention.')
    return undefined
  }

  const submit = async () => {
    setError(undefined)
    setFieldProblems([])
    const runInputText = runInput()
    if (runInputText === undefined) return
    setBusy(true)
    try {
      const state = store.getState()
      let version = state.version ?? undefined
      // A runner or viewer cannot save: they run the latest saved version.
      if (!selectReadOnly(state) && (selectIsDirty(state) || state.version === null)) {
        version = await save()
        if (version === undefined) {
          setError('The workflow could not be saved; see the problems below the canvas.')
          return
        }
      }
      // A draft's first save created the workflow: its id is the store's now.
      // A debug run pauses at the breakpoints set here (only those on nodes the workflow still has).
      const ids = new Set(store.getState().nodes.map((node) => node.id))
      const debug = debugging ? { breakpoints: breakpoints.filter((b) => ids.has(b.nodeId)), pinned: {} } : undefined
      const run = await startRun.mutateAsync({ workflowId: store.getState().workflowId, version, input: runInputText, debug })
      router.push(`/runs/${encodeURIComponent(run.id)}`)
    } catch (cause) {
      // A run refused for what can only fail: its problems join the Problems panel, in the same words.
      const problems = graphProblemsOf(cause)
      if (problems.length > 0) store.getState().setServerProblems(problems)
      setError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Run workflow"
      description={dirty ? 'Your unsaved changes will be saved as a new version first.' : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <label className="mr-auto flex items-center gap-1.5 text-xs text-zinc-700">
            <input type="checkbox" data-testid="run-debug" checked={debugging} onChange={(event) => setDebugging(event.target.checked)} />
            Debug run
          </label>
          <Button variant="primary" data-testid="run-submit" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Starting…' : debugging ? 'Start debug run' : 'Start run'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {inputFields.length > 0 ? (
          <>
            {inputDescription && <p className="mb-3 text-xs text-zinc-500">{inputDescription}</p>}
            <RunInputForm
              fields={inputFields}
              values={formValues}
              problems={fieldProblems}
              onChange={(name, value) => setFormValues((values) => ({ ...values, [name]: value }))}
            />
            {error && (
              <p className="mt-3 text-xs text-red-600" data-testid="run-error">
                {error}
              </p>
            )}
          </>
        ) : (
          <Field label="Input" htmlFor={inputId} help={inputDescription || 'The text the start node passes on.'} error={error}>
            <Textarea
              id={inputId}
              data-testid="run-input"
              rows={5}
              autoFocus
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  void submit()
                }
              }}
            />
          </Field>
        )}
        {debugging ? (
          <DebugRunFields
            nodes={debugNodes
              .filter((node) => node.type !== 'start')
              .map((node) => ({
                id: node.id,
                name: String((node.data as { label?: string; name?: string }).label || (node.data as { name?: string }).name || node.id),
              }))}
            breakpoints={breakpoints}
            onChange={setBreakpoints}
          />
        ) : null}
      </form>
    </Dialog>
  )
}

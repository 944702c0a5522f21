'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Textarea } from '@/components/ui/Textarea'
import type { NodeData } from '@/lib/graph/node-data'
import { useStartRun } from '@/components/queries/runs'
import { graphProblemsOf } from './api'
import { selectIsDirty } from './store'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'

/**
 * Asks for the run input, saves a new version first when the canvas has unsaved changes (a run
 * always runs a saved version), starts the run and opens its page.
 */
export function RunDialog({ open, onClose, save }: { open: boolean; onClose: () => void; save: () => Promise<number | undefined> }) {
  const router = useRouter()
  const store = useCanvasStoreApi()
  const inputId = useId()
  const [input, setInput] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const startRun = useStartRun()
  const { inputDescription, dirty } = useCanvasStore((s) => {
    if (!open) return { inputDescription: '', dirty: false }
    const start = s.nodes.find((node) => node.type === 'start')
    return { inputDescription: (start?.data as NodeData<'start'> | undefined)?.inputDescription ?? '', dirty: selectIsDirty(s) || s.version === null }
  })

  useEffect(() => {
    if (open) setError(undefined)
  }, [open])

  const submit = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const state = store.getState()
      let version = state.version ?? undefined
      if (selectIsDirty(state) || state.version === null) {
        version = await save()
        if (version === undefined) {
          setError('The workflow could not be saved; see the problems below the canvas.')
          return
        }
      }
      // A draft's first save created the workflow: its id is the store's now.
      const run = await startRun.mutateAsync({ workflowId: store.getState().workflowId, version, input })
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
          <Button variant="primary" data-testid="run-submit" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Starting…' : 'Start run'}
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
      </form>
    </Dialog>
  )
}

'use client'

import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { useRunForks } from '@/components/queries/run-forks'
import { Button, Dialog, Field, Input } from '@/components/ui'

/** "Compare with…": another run's id (the run's parent and forks are offered) → the two side by side. */
export function CompareWithButton({ runId }: { runId: string }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [other, setOther] = useState('')
  const inputId = useId()
  const listId = useId()
  // The fork tree is already loaded for the page's Forks panel: offering its runs costs nothing more.
  const tree = useRunForks(runId).data
  const related = tree ? [...(tree.parent ? [tree.parent] : []), ...tree.forks] : []
  const trimmed = other.trim()
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="compare-with">
        Compare with…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Compare with another run">
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (trimmed) router.push(`/runs/compare?${new URLSearchParams({ a: runId, b: trimmed }).toString()}`)
          }}
        >
          <Field label="Run id" htmlFor={inputId} help={related.length > 0 ? 'Or pick its parent or one of its forks.' : undefined}>
            <Input id={inputId} list={listId} value={other} onChange={(event) => setOther(event.target.value)} placeholder="00000000-0000-…" autoFocus />
          </Field>
          <datalist id={listId}>
            {related.map((run) => (
              <option key={run.id} value={run.id}>
                {run === tree?.parent ? 'parent' : `fork at superstep ${run.fork?.superstep ?? '?'}`} · {run.status}
              </option>
            ))}
          </datalist>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" disabled={!trimmed}>
              Compare
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}

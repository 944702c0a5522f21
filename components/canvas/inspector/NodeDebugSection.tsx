'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { errorMessage } from '@/components/api-client'
import { useWorkflowPinMutations, useWorkflowPinsQuery } from '@/components/queries/workflow-pins'
import { Button } from '@/components/ui/Button'
import type { PutWorkflowPinBody } from '@/lib/contracts/workflow-pins'
import { useCanvasStore } from '../CanvasStoreProvider'
import { JsonValueDialog } from '../JsonValueDialog'
import { RunNodeDialog } from '../RunNodeDialog'
import { selectReadOnly } from '../store'
import { hasBreakpoint, toggledBreakpoint, useBreakpoints } from '../use-breakpoints'

export interface NodeDebugSectionProps {
  nodeId: string
  kind: string
  title: string
}

/**
 * The inspector's debugging part (issue #31): the node's breakpoints (this browser's), its pinned output (the
 * workflow's: editors change it, others read it), and "Run this node…". Outside the inspector's fields, so that a
 * runner, who may not edit, still sets breakpoints and runs a node.
 */
export function NodeDebugSection({ nodeId, kind, title }: NodeDebugSectionProps) {
  const workflowId = useCanvasStore((s) => s.workflowId)
  const version = useCanvasStore((s) => s.version)
  const canEdit = !useCanvasStore(selectReadOnly)
  const [breakpoints, setBreakpoints] = useBreakpoints(workflowId)
  const pins = useWorkflowPinsQuery(workflowId)
  const { pin, unpin } = useWorkflowPinMutations(workflowId)
  const current = pins.data?.find((candidate) => candidate.nodeId === nodeId)
  const [editing, setEditing] = useState(false)
  const [running, setRunning] = useState(false)

  if (!workflowId) return <p className="border-t border-zinc-100 px-4 py-3 text-xs text-zinc-500">Save the workflow to debug its nodes.</p>

  const savePin = (value: unknown) =>
    pin.mutate({ nodeId, value: value as PutWorkflowPinBody['value'], basedOn: current?.updatedAt ?? null }, { onSuccess: () => setEditing(false) })
  const removePin = () => unpin.mutate(nodeId, { onError: (error) => toast.error(`Could not unpin: ${errorMessage(error)}`) })

  return (
    <section className="flex flex-col gap-3 border-t border-zinc-100 px-4 py-3" aria-label="Debugging" data-testid="inspector-debug">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Debugging</h3>
      {kind === 'start' ? null : (
        <fieldset className="flex items-center gap-4 text-xs text-zinc-700">
          <legend className="sr-only">Breakpoints</legend>
          {(['before', 'after'] as const).map((when) => (
            <label key={when} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                data-testid={`inspector-breakpoint-${when}`}
                checked={hasBreakpoint(breakpoints, nodeId, when)}
                onChange={() => setBreakpoints(toggledBreakpoint(breakpoints, nodeId, when))}
              />
              Break {when}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col gap-1.5" data-testid="inspector-pin">
        <h4 className="text-xs font-medium text-zinc-600">Pinned output</h4>
        {current ? (
          <>
            <pre
              className="max-h-40 overflow-auto rounded-md bg-sky-50 px-2 py-1.5 font-mono text-[11px] whitespace-pre-wrap break-words text-zinc-800"
              data-testid="inspector-pin-value"
            >
              {JSON.stringify(current.value, null, 2)}
            </pre>
            <p className="text-[11px] text-zinc-500">
              Debug runs send this instead of running the node{current.pinnedBy ? ` · pinned by ${current.pinnedBy.name}` : ''}.
            </p>
            {canEdit ? (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => setEditing(true)} data-testid="inspector-pin-edit">
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={removePin} disabled={unpin.isPending} data-testid="inspector-unpin">
                  Unpin
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-[11px] text-zinc-500">None: debug runs run the node. Pin one from a run’s page, or type one.</p>
            {canEdit && kind !== 'start' ? (
              <Button size="sm" onClick={() => setEditing(true)} data-testid="inspector-pin-add">
                Pin an output…
              </Button>
            ) : null}
          </>
        )}
      </div>
      {kind === 'start' ? null : (
        <Button size="sm" onClick={() => setRunning(true)} data-testid="inspector-run-node">
          Run this node…
        </Button>
      )}
      <JsonValueDialog
        open={editing}
        onClose={() => {
          pin.reset()
          setEditing(false)
        }}
        title={`Pinned output of ${title}`}
        description="What debug runs of this workflow send instead of running this node. Runs without debug never use it."
        label="Output"
        initialText={current ? JSON.stringify(current.value, null, 2) : '""'}
        submitLabel={pin.isPending ? 'Saving…' : 'Pin'}
        busy={pin.isPending}
        error={pin.error ? errorMessage(pin.error) : undefined}
        testId="pin-editor"
        onSubmit={savePin}
      />
      {running ? (
        <RunNodeDialog open onClose={() => setRunning(false)} workflowId={workflowId} nodeId={nodeId} nodeTitle={title} version={version ?? undefined} />
      ) : null}
    </section>
  )
}

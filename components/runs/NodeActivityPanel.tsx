'use client'

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunGraph } from '@/lib/contracts/runs'
import { formatOffset } from './format'
import { kindLabel, nodeTitle } from './graph-labels'
import { JsonBlock } from './JsonBlock'
import { PinOutputButton } from './PinOutputButton'
import { RunNodeDialog } from '@/components/canvas/RunNodeDialog'
import { hasActivity, nodeActivity } from './node-activity'
import type { NodeRunStatus } from './run-state'
import { NODE_STATUS_LABEL } from './status-style'

export interface NodeActivityPanelProps {
  graph: RunGraph
  events: readonly RunEvent[]
  nodeId: string
  status: NodeRunStatus
  startedAt: string | null
  labelOf: (executorId: string) => string
  onClose: () => void
  /** Offer "Pin this output" and "Run this node…" (a workflow's run, seen by someone who may act on it). */
  debugging?: { workflowId: string; runId: string; version: number }
}

/**
 * A side panel on the run page: what one node received and produced in this run, from the run's
 * events (see node-activity.ts). It follows the run live; Escape or Close shuts it.
 */
export function NodeActivityPanel({ graph, events, nodeId, status, startedAt, labelOf, onClose, debugging }: NodeActivityPanelProps) {
  const node = graph.nodes.find((candidate) => candidate.id === nodeId)
  const nodeIds = useMemo(() => graph.nodes.map((candidate) => candidate.id), [graph])
  const activity = useMemo(() => nodeActivity(events, nodeId, nodeIds), [events, nodeId, nodeIds])
  const closeButton = useRef<HTMLButtonElement>(null)
  /** The input "Run this node…" opens with (what the node received in this run), while its dialog is open. */
  const [runInput, setRunInput] = useState<{ value: unknown }>()
  const title = node ? nodeTitle(node) : nodeId

  useEffect(() => {
    closeButton.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog above the panel (the shortcuts sheet) takes its own Escape.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return
      onClose()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [nodeId, onClose])

  return (
    <aside
      role="dialog"
      aria-modal="false"
      aria-label={`${title}: what it received and produced`}
      data-testid="node-activity-panel"
      className="fixed top-12 right-0 bottom-0 z-40 flex w-[440px] max-w-full flex-col border-l border-zinc-200 bg-white shadow-2xl"
    >
      <header className="flex items-start justify-between gap-3 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold text-zinc-900" data-testid="node-activity-title">
            {title}
          </h2>
          <p className="text-xs text-zinc-500">
            {node ? kindLabel(node.kind) : 'Step'} · {NODE_STATUS_LABEL[status]}
          </p>
        </div>
        <Button ref={closeButton} size="sm" variant="ghost" onClick={onClose} aria-label="Close the node panel">
          Close
        </Button>
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-3 text-sm">
        {!hasActivity(activity) ? <p className="text-zinc-500">This step has not run in this run.</p> : null}
        {activity.invocations.map((invocation, index) => (
          <Section
            key={`${invocation.executorId}-${invocation.startedAt}-${index}`}
            title={invocationTitle(index, activity.invocations.length, invocation, labelOf, nodeId)}
          >
            <p className="text-[11px] text-zinc-400">
              started {formatOffset(invocation.startedAt, startedAt)}
              {invocation.finishedAt ? ` · done ${formatOffset(invocation.finishedAt, startedAt)}` : ''}
            </p>
            <h4 className="mt-1 text-xs font-medium text-zinc-600">Received</h4>
            <JsonBlock value={invocation.received ?? null} />
            <h4 className="mt-1 text-xs font-medium text-zinc-600">Sent on</h4>
            {invocation.finishedAt === null ? (
              <p className="text-xs text-zinc-500">Still working…</p>
            ) : invocation.sent === undefined ? (
              <p className="text-xs text-zinc-500">Nothing.</p>
            ) : (
              <>
                <JsonBlock value={invocation.sent} />
                {debugging && invocation.executorId === nodeId ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <PinOutputButton workflowId={debugging.workflowId} runId={debugging.runId} nodeId={nodeId} sent={invocation.sent} />
                    {node?.kind === 'start' ? null : (
                      <Button size="sm" variant="ghost" onClick={() => setRunInput({ value: invocation.received })} data-testid="node-activity-run-node">
                        Run this node…
                      </Button>
                    )}
                  </div>
                ) : null}
              </>
            )}
          </Section>
        ))}
        {activity.replies.length > 0 ? (
          <Section title="Replies">
            {activity.replies.map((reply, index) => (
              <div key={`${reply.createdAt}-${index}`} className="flex flex-col gap-0.5">
                {reply.executorId !== nodeId ? <span className="text-[11px] font-medium text-zinc-500">{labelOf(reply.executorId)}</span> : null}
                <p className="max-h-60 overflow-auto rounded-md bg-zinc-50 px-2 py-1.5 text-[13px] whitespace-pre-wrap break-words text-zinc-800">
                  {reply.text}
                </p>
              </div>
            ))}
          </Section>
        ) : null}
        {activity.toolCalls.length > 0 ? (
          <Section title="Tool calls">
            {activity.toolCalls.map((call, index) => (
              <div key={call.callId ?? index} className="flex flex-col gap-1">
                <span className="font-mono text-xs text-zinc-800">{call.name}</span>
                <JsonBlock value={call.arguments ?? {}} />
                {call.error !== undefined ? (
                  <p className="text-xs text-red-700">Failed: {typeof call.error === 'string' ? call.error : JSON.stringify(call.error)}</p>
                ) : call.result !== undefined ? (
                  <JsonBlock value={call.result} />
                ) : (
                  <p className="text-xs text-zinc-500">No result yet.</p>
                )}
              </div>
            ))}
          </Section>
        ) : null}
        {activity.outputs.length > 0 ? (
          <Section title="Outputs">
            {activity.outputs.map((output, index) => (
              <JsonBlock key={index} value={output} />
            ))}
          </Section>
        ) : null}
        {activity.errors.length > 0 ? (
          <Section title="Errors">
            {activity.errors.map((message, index) => (
              <p key={index} role="alert" className="rounded-md bg-red-50 px-2 py-1.5 text-xs text-red-800">
                {message}
              </p>
            ))}
          </Section>
        ) : null}
      </div>
      {debugging && runInput ? (
        <RunNodeDialog
          open
          onClose={() => setRunInput(undefined)}
          workflowId={debugging.workflowId}
          nodeId={nodeId}
          nodeTitle={title}
          initialInput={runInput}
          version={debugging.version}
        />
      ) : null}
    </aside>
  )
}

function invocationTitle(index: number, count: number, invocation: { executorId: string }, labelOf: (executorId: string) => string, nodeId: string): string {
  const who = invocation.executorId === nodeId ? '' : ` · ${labelOf(invocation.executorId)}`
  return (count > 1 ? `Step ${index + 1} of ${count}` : 'Step') + who
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5" data-testid="node-activity-section">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

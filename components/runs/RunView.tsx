'use client'

import { useCallback, useEffect, useMemo, useState } from 'react'
import { IntentLink } from '@/components/ui/IntentLink'
import { usePathname, useSearchParams } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui'
import { ApprovalCard } from '@/components/approvals/ApprovalCard'
import { useApprovalsShownFor } from '@/components/approvals/approvals-in-view'
import { ApprovalHistory } from '@/components/approvals/ApprovalHistory'
import { SharePanel } from '@/components/share/SharePanel'
import { AgentTextPanel } from './AgentTextPanel'
import { BreakpointBanner } from './BreakpointBanner'
import { errorMessage } from '@/components/api-client'
import { useCancelRun } from '@/components/queries/runs'
import { approvalSourceLabeler, executorLabeler } from './graph-labels'
import { Panel } from './Panel'
import { RunCheckpointsPanel } from './RunCheckpointsPanel'
import { RunErrorPanel } from './RunErrorPanel'
import { RunForksPanel } from './RunForksPanel'
import { RunGraphView } from './RunGraphView'
import { NodeActivityPanel } from './NodeActivityPanel'
import { RerunActions } from './RerunActions'
import { AddToDatasetButton } from '@/components/evaluations/AddToDatasetButton'
import { RunUsageCharts } from './RunUsageCharts'
import { RunHeader } from './RunHeader'
import { RunOutputPanel } from './RunOutputPanel'
import { runSetbacks, setbackSummary } from './run-setbacks'
import { RunSetbacksPanel } from './RunSetbacksPanel'
import { allApprovals, nodeStatuses, nodeStatusOf } from './run-state'
import { RunTimeline } from './RunTimeline'
import { RunTraceWaterfall } from './RunTraceWaterfall'
import { isTerminalStatus, type RunDetail, type RunView as RunViewData } from '@/lib/contracts/runs'
import { useRunView, type RunFollow } from './use-run-view'

export interface RunViewProps {
  data: RunViewData
  /** No cancel, no approval buttons, no share controls (the public share page). */
  readOnly?: boolean
  /** How to stay current: the run's SSE stream (default), polling a share link, or not at all. */
  follow?: RunFollow
}

/** A run: header, graph coloured by node status, live timeline, streamed text, output and errors. */
export function RunView({ data, readOnly = false, follow = { kind: 'sse' } }: RunViewProps) {
  const { state, connection, applyRun, applyApproval, shareGone } = useRunView(data, follow)
  useApprovalsShownFor(readOnly ? null : data.run.id)
  const approvals = allApprovals(state)
  // An approval shown inline while pending stays inline once answered (here or elsewhere), so
  // the card the person was looking at turns into its resolved state instead of jumping away.
  const pendingIds = approvals.filter((approval) => approval.status === 'pending').map((approval) => approval.id)
  const [shownInline, setShownInline] = useState<ReadonlySet<string>>(() => new Set(pendingIds))
  const pendingKey = pendingIds.join(',')
  useEffect(() => {
    if (pendingKey === '') return
    setShownInline((ids) => (pendingKey.split(',').every((id) => ids.has(id)) ? ids : new Set([...ids, ...pendingKey.split(',')])))
  }, [pendingKey])
  const labelOf = useMemo(() => executorLabeler(data.graph), [data.graph])
  const sourceLabel = useMemo(() => approvalSourceLabeler(data.graph), [data.graph])
  const statuses = useMemo(() => nodeStatuses(state), [state])
  // A debug run's pause is its banner, not an approval card (BreakpointBanner).
  const pause = readOnly ? undefined : approvals.find((approval) => approval.kind === 'breakpoint' && approval.status === 'pending')
  const inline = approvals.filter((approval) => approval.kind !== 'breakpoint' && (approval.status === 'pending' || shownInline.has(approval.id)))
  const answered = approvals.filter((approval) => approval.status !== 'pending' && !shownInline.has(approval.id))
  const statusOf = useCallback((nodeId: string) => nodeStatusOf(state, nodeId), [state])
  const setbacks = useMemo(() => runSetbacks(approvals, state.events), [approvals, state.events])
  const setbackNote = setbackSummary(setbacks)
  const [selectedNode, setSelectedNode] = useState<string | null>(null)
  const closeNodePanel = useCallback(() => setSelectedNode(null), [])
  const run = state.snapshot
  const active = !isTerminalStatus(state.status)
  // A link (`?view=trace`), so a trace can be bookmarked or sent; on a share page it shows only the shared events.
  const pathname = usePathname()
  const showTrace = useSearchParams().get('view') === 'trace'

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-4" data-testid="run-view" data-run-status={state.status}>
      <RunHeader
        run={run}
        status={state.status}
        startedAt={state.startedAt}
        finishedAt={state.finishedAt}
        usage={state.usage}
        connection={follow.kind === 'none' ? 'closed' : connection}
        readOnly={readOnly}
        actions={
          readOnly ? null : (
            <>
              {active ? <CancelButton runId={run.id} onCancelled={applyRun} /> : null}
              <RerunActions run={run} />
              <AddToDatasetButton runId={run.id} workspaceId={run.workspaceId ?? null} />
            </>
          )
        }
        openApprovalKinds={approvals.filter((approval) => approval.status === 'pending').map((approval) => approval.kind)}
        setbacks={setbackNote}
      />
      {shareGone ? (
        <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
          This link was revoked or expired while you were viewing it; what is shown is the last state it allowed.
        </p>
      ) : null}
      <RunErrorPanel error={state.error} nodeErrors={state.nodeErrors} labelOf={labelOf} />
      {showTrace ? (
        <Panel
          title="Trace"
          data-testid="run-trace"
          actions={
            <IntentLink href={pathname} scroll={false} className="text-xs text-zinc-500 hover:text-zinc-800">
              Close
            </IntentLink>
          }
        >
          <RunTraceWaterfall events={state.events} labelOf={labelOf} runActive={active} />
        </Panel>
      ) : null}
      <RunSetbacksPanel setbacks={setbacks} labelOf={labelOf} />
      {pause && active ? (
        <BreakpointBanner
          runId={run.id}
          pause={pause}
          onInspectState={() => document.querySelector('[data-testid="run-checkpoints"]')?.scrollIntoView({ behavior: 'smooth' })}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)]">
        <div className="flex min-w-0 flex-col gap-4">
          {inline.length > 0 ? (
            <section aria-label="Approvals" className="flex flex-col gap-3">
              {inline.map((approval) => (
                <ApprovalCard
                  key={approval.id}
                  approval={approval}
                  // A request still open when the run is over can no longer change anything.
                  readOnly={readOnly || (!active && approval.status === 'pending')}
                  onAnswered={applyApproval}
                  sourceLabel={sourceLabel(approval)}
                />
              ))}
            </section>
          ) : null}
          <Panel title="Graph" bodyClassName="p-0">
            <RunGraphView graph={data.graph} statuses={statuses} invocations={state.nodeInvocations} errors={state.nodeErrors} onNodeSelect={setSelectedNode} />
          </Panel>
          {selectedNode ? (
            <NodeActivityPanel
              graph={data.graph}
              events={state.events}
              nodeId={selectedNode}
              status={statuses[selectedNode] ?? 'idle'}
              startedAt={state.startedAt ?? run.createdAt}
              labelOf={labelOf}
              onClose={closeNodePanel}
              debugging={readOnly || run.kind === 'turn' ? undefined : { workflowId: run.workflowId, runId: run.id, version: run.version }}
            />
          ) : null}
          <RunOutputPanel status={state.status} outputs={state.outputs} streamedOutputs={state.streamedOutputs} setbacks={setbackNote} />
          <AgentTextPanel
            texts={state.agentTexts}
            labelOf={labelOf}
            statusOf={statusOf}
            continueRunId={!readOnly && run.kind !== 'turn' ? run.id : undefined}
          />
          <RunUsageCharts events={state.events} labelOf={labelOf} startedAt={state.startedAt ?? run.createdAt} />
          <Panel title="Input">
            {run.input === '' ? (
              <p className="text-sm text-zinc-500">The run was started without input.</p>
            ) : (
              <p className="max-h-48 overflow-auto text-sm whitespace-pre-wrap break-words text-zinc-800" data-testid="run-input-text">
                {run.input}
              </p>
            )}
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <Panel
            title="Timeline"
            className="h-[32rem] lg:h-[36rem]"
            bodyClassName="flex-1 p-0"
            actions={
              <>
                <IntentLink
                  href={`${pathname}?view=trace`}
                  scroll={false}
                  className="text-xs font-medium text-indigo-700 hover:underline"
                  aria-current={showTrace ? 'page' : undefined}
                >
                  Trace
                </IntentLink>
                <span className="text-[11px] text-zinc-400">{state.events.length} events</span>
              </>
            }
          >
            <RunTimeline
              events={state.events}
              labelOf={labelOf}
              startedAt={state.startedAt ?? run.createdAt}
              runActive={active}
              cancelTasksOf={readOnly ? undefined : run.id}
            />
          </Panel>
          {answered.length > 0 ? (
            <Panel title="Approvals">
              <ApprovalHistory approvals={answered} sourceLabel={sourceLabel} />
            </Panel>
          ) : null}
          {readOnly || run.kind === 'turn' ? null : (
            <>
              <RunForksPanel runId={run.id} />
              <RunCheckpointsPanel runId={run.id} status={state.status} labelOf={labelOf} />
            </>
          )}
          {readOnly ? null : <SharePanel runId={run.id} />}
        </div>
      </div>
    </div>
  )
}

function CancelButton({ runId, onCancelled }: { runId: string; onCancelled: (run: Partial<RunDetail>) => void }) {
  const cancel = useCancelRun(runId)

  return (
    <div className="flex items-center gap-2">
      {cancel.isError ? (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(cancel.error)}
        </span>
      ) : null}
      <Button
        variant="danger"
        data-testid="run-cancel"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: (cancelled) => {
              onCancelled(cancelled)
              toast('Run cancelled')
            },
            onError: (error) => toast.error('The run could not be cancelled', { description: errorMessage(error) }),
          })
        }
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel run'}
      </Button>
    </div>
  )
}

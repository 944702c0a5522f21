'use client'

import { useEffect, useRef } from 'react'
import { ApprovalCard } from '@/components/approvals/ApprovalCard'
import { useApprovalsShownFor } from '@/components/approvals/approvals-in-view'
import { errorMessage } from '@/components/api-client'
import { useCancelRun, useRunQuery } from '@/components/queries/runs'
import { pendingApprovals } from '@/components/runs/run-state'
import { useRunView } from '@/components/runs/use-run-view'
import { Button } from '@/components/ui'
import { isTerminalStatus, type RunView } from '@/lib/contracts/runs'
import { MessageText } from './MessageText'
import { parsedArguments } from './tool-arguments'
import { ToolCallView } from './ToolCallView'
import { turnTimeline } from './turn-timeline'

/**
 * The turn being written: follows its run's events over SSE (resuming after a reload from where
 * the page's copy ends), shows the reply as it streams, its tool calls, its approvals to answer
 * here, and Stop. `onEnded` fires once the run is over, so the stored messages replace this view.
 */
export function ActiveTurn({ runId, onEnded }: { runId: string; onEnded: () => void }) {
  const load = useRunQuery(runId)
  useApprovalsShownFor(runId)
  if (load.isError) return <p className="text-sm text-red-700">{errorMessage(load.error)}</p>
  if (!load.data) return <p className="text-sm text-zinc-500">Connecting to the reply…</p>
  return <FollowedTurn data={load.data} onEnded={onEnded} />
}

function FollowedTurn({ data, onEnded }: { data: RunView; onEnded: () => void }) {
  const { state, applyApproval } = useRunView(data, { kind: 'sse' })
  const cancel = useCancelRun(data.run.id)
  const ended = isTerminalStatus(state.status)
  const reported = useRef(false)
  useEffect(() => {
    if (ended && !reported.current) {
      reported.current = true
      onEnded()
    }
  }, [ended, onEnded])

  const parts = turnTimeline(state.events)
  const approvals = pendingApprovals(state)

  return (
    <div className="space-y-2" data-testid="chat-active-turn" data-status={state.status}>
      <div className="flex justify-start">
        <div className="max-w-[85%] space-y-2 rounded-lg bg-white px-3 py-2 ring-1 ring-zinc-200">
          {parts.map((part, index) =>
            part.kind === 'text' ? (
              <MessageText key={index} text={part.text} />
            ) : (
              <ToolCallView key={part.callId} name={part.name} args={parsedArguments(part.arguments)} live={{ task: part.task, result: part.result }} />
            ),
          )}
          {!ended && parts[parts.length - 1]?.kind !== 'text' && (
            <p className="text-sm text-zinc-400 italic">{state.status === 'waiting' ? 'Waiting for your approval…' : 'Writing…'}</p>
          )}
        </div>
      </div>
      {approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} onAnswered={applyApproval} sourceLabel="The agent" />
      ))}
      {!ended && (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="chat-stop">
            Stop
          </Button>
          {cancel.isError && <span className="text-xs text-red-700">{errorMessage(cancel.error)}</span>}
        </div>
      )}
      {state.status === 'failed' && state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  )
}

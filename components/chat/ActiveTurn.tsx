'use client'

import { useEffect, useRef } from 'react'
import { ApprovalCard } from '@/components/approvals/ApprovalCard'
import { errorMessage } from '@/components/api-client'
import { useCancelRun, useRunQuery } from '@/components/queries/runs'
import { eventRecord } from '@/components/runs/event-data'
import { pendingApprovals } from '@/components/runs/run-state'
import { useRunView } from '@/components/runs/use-run-view'
import { Button } from '@/components/ui'
import { isTerminalStatus, type RunView } from '@/lib/contracts/runs'
import { MessageText } from './MessageText'
import { parsedArguments } from './tool-arguments'
import { ToolCallView } from './ToolCallView'
import type { RunEvent } from '@/lib/contracts/run-events'

/**
 * The turn being written: follows its run's events over SSE (resuming after a reload from where
 * the page's copy ends), shows the reply as it streams, its tool calls, its approvals to answer
 * here, and Stop. `onEnded` fires once the run is over, so the stored messages replace this view.
 */
export function ActiveTurn({ runId, onEnded }: { runId: string; onEnded: () => void }) {
  const load = useRunQuery(runId)
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

  const text = state.agentTexts.map((part) => part.text).join('')
  const calls = streamedCalls(state.events)
  const approvals = pendingApprovals(state)

  return (
    <div className="space-y-2" data-testid="chat-active-turn" data-status={state.status}>
      <div className="flex justify-start">
        <div className="max-w-[85%] space-y-2 rounded-lg bg-white px-3 py-2 ring-1 ring-zinc-200">
          {calls.map((call) => (
            <ToolCallView key={call.callId} name={call.name} args={parsedArguments(call.arguments)} />
          ))}
          {text !== '' ? (
            <MessageText text={text} />
          ) : (
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

/** The tool calls streamed so far: a call's arguments arrive in pieces under one call id. */
function streamedCalls(events: readonly RunEvent[]): Array<{ callId: string; name: string; arguments: string }> {
  const calls = new Map<string, { callId: string; name: string; arguments: string }>()
  for (const event of events) {
    if (event.type !== 'agent_update') continue
    const contents = eventRecord(event).contents
    if (!Array.isArray(contents)) continue
    for (const content of contents as Array<{ type?: unknown; callId?: unknown; name?: unknown; arguments?: unknown }>) {
      if (content?.type !== 'function_call') continue
      const callId = String(content.callId ?? calls.size)
      const call = calls.get(callId) ?? { callId, name: '', arguments: '' }
      if (typeof content.name === 'string' && content.name !== '') call.name = content.name
      call.arguments += typeof content.arguments === 'string' ? content.arguments : JSON.stringify(content.arguments ?? '')
      calls.set(callId, call)
    }
  }
  return [...calls.values()]
}

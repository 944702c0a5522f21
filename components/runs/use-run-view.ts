'use client'

/**
 * The run view's state hook: the pure reducer from run-state.ts, fed by the SSE stream (or, for
 * a shared view, by polling the share endpoint), with event batching so a burst of streamed
 * tokens renders once per frame rather than once per token.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { fetchJson } from '@/components/api-client'
import { RunEventStream, type StreamState } from './run-event-stream'
import { initialRunState, mergeRunSnapshot, reduceRunEventBatch, upsertApproval, type RunViewState } from './run-state'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'
import { isTerminalStatus, type RunDetail, type RunView } from '@/lib/contracts/runs'
import type { SharedRun } from '@/lib/contracts/share-links'

export type RunFollow = { kind: 'sse' } | { kind: 'share'; token: string } | { kind: 'none' }

type Action =
  | { type: 'events'; events: RunEvent[] }
  | { type: 'run'; run: Partial<RunDetail> }
  | { type: 'approval'; approval: ApprovalView }
  /** A fresh copy of the view (the refetch at the end of a stream), or of its newest part (share polling: events after the last one). */
  | { type: 'refresh'; data: RunView }

function reducer(state: RunViewState, action: Action): RunViewState {
  switch (action.type) {
    case 'events':
      return reduceRunEventBatch(state, action.events)
    case 'run':
      return mergeRunSnapshot(state, action.run)
    case 'approval':
      return upsertApproval(state, action.approval)
    case 'refresh': {
      const withRun = mergeRunSnapshot(state, action.data.run)
      const withApprovals = action.data.approvals.reduce(upsertApproval, withRun)
      return reduceRunEventBatch(withApprovals, action.data.events ?? [])
    }
  }
}

function init(data: RunView): RunViewState {
  const state = initialRunState(
    data.run,
    data.approvals,
    data.graph.nodes.map((node) => node.id),
  )
  return reduceRunEventBatch(state, data.events ?? [])
}

export interface RunViewController {
  state: RunViewState
  /** The live connection's state ('closed' when not following). */
  connection: StreamState
  applyRun: (run: Partial<RunDetail>) => void
  applyApproval: (approval: ApprovalView) => void
  /** Set when a shared view's link stopped working while it was open. */
  shareGone: boolean
}

export function useRunView(data: RunView, follow: RunFollow): RunViewController {
  const [state, dispatch] = useReducer(reducer, data, init)
  const [connection, setConnection] = useState<StreamState>('closed')
  const [shareGone, setShareGone] = useState(false)
  const runId = data.run.id
  const finished = isTerminalStatus(state.status)
  // Where the live stream starts: after the events the view was created with.
  const startAfter = useRef(state.lastSequence)

  const applyRun = useCallback((run: Partial<RunDetail>) => dispatch({ type: 'run', run }), [])
  const applyApproval = useCallback((approval: ApprovalView) => dispatch({ type: 'approval', approval }), [])

  useEffect(() => {
    if (follow.kind !== 'sse') return
    const batch = new EventBatcher((events) => dispatch({ type: 'events', events }))
    const stream = new RunEventStream({
      url: `/api/runs/${encodeURIComponent(runId)}/events`,
      after: startAfter.current,
      onEvent: (event) => batch.push(event),
      onStateChange: (next) => {
        setConnection(next)
        // The stream ends once the run is over: fetch the final record (usage, outputs, and
        // approvals that expired with the run without an event of their own).
        if (next === 'ended') void refreshView(runId).then((fresh) => fresh && dispatch({ type: 'refresh', data: fresh }))
      },
    })
    stream.start()
    return () => {
      stream.close()
      batch.dispose()
    }
  }, [follow.kind, runId])

  const shareToken = follow.kind === 'share' ? follow.token : null
  // The poll asks only for events after the newest one the view has.
  const lastSequence = useRef(state.lastSequence)
  useEffect(() => {
    lastSequence.current = state.lastSequence
  }, [state.lastSequence])
  useEffect(() => {
    if (!shareToken || finished) return
    let stopped = false
    const timer = setInterval(async () => {
      try {
        const fresh = await fetchJson<SharedRun>(`/api/share/${encodeURIComponent(shareToken)}?after=${lastSequence.current}`)
        if (!stopped) dispatch({ type: 'refresh', data: fresh })
      } catch (error) {
        if ((error as { status?: number }).status === 404) {
          stopped = true
          clearInterval(timer)
          setShareGone(true)
        }
      }
    }, 3_000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [shareToken, finished])

  return { state, connection, applyRun, applyApproval, shareGone }
}

async function refreshView(runId: string): Promise<RunView | null> {
  try {
    return await fetchJson<RunView>(`/api/runs/${encodeURIComponent(runId)}`)
  } catch {
    return null
  }
}

/** Collects events and hands them over once per animation frame. */
class EventBatcher {
  private queue: RunEvent[] = []
  private scheduled: number | null = null

  constructor(private readonly flush: (events: RunEvent[]) => void) {}

  push(event: RunEvent): void {
    this.queue.push(event)
    if (this.scheduled === null) this.scheduled = requestAnimationFrame(() => this.drain())
  }

  dispose(): void {
    if (this.scheduled !== null) cancelAnimationFrame(this.scheduled)
    this.scheduled = null
    this.queue = []
  }

  private drain(): void {
    this.scheduled = null
    const events = this.queue
    this.queue = []
    if (events.length > 0) this.flush(events)
  }
}
